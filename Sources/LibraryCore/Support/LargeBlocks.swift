import CGLib

// MARK: - LargeBlocks

/// How the process's memory allocator treats large blocks.
public enum LargeBlocks {
    /// Blocks of a mebibyte and more (a play queue of a million tracks is 16 MiB) come from
    /// the kernel and go back to it when freed. By default glibc raises that threshold after
    /// the first such block is freed, and its heap then keeps the memory of every queue
    /// replaced (Play All at 100,000 albums grew the app by tens of MiB). Called once, first
    /// thing in `main`.
    public static func returnToTheSystemWhenFreed() {
        bl_map_blocks_from(1 << 20)
    }

    /// Gives what the heap holds free back to the system (`malloc_trim`): a benchmark does so
    /// before each round it measures, so that a round's peak does not depend on what earlier
    /// ones left free for it to reuse.
    public static func returnFreeMemoryNow() {
        bl_trim_heap()
    }
}
