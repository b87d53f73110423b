import CGtk

// MARK: - MountMonitor

/// Tells when the system's mounts change — a drive plugged in or out, a network share
/// connected or lost — as GIO sees them (`GUnixMountMonitor`, which watches
/// `/proc/self/mountinfo`, so it wakes only when a mount changes). On the GTK thread.
@MainActor
public final class MountMonitor: ObjectHandle {
    /// The process's mount monitor (GIO keeps one per main context; this is a reference to it).
    public init() {
        super.init(owning: bl_unix_mount_monitor_get())
    }

    /// Runs `handler` each time a file system is mounted or unmounted.
    @discardableResult
    public func onMountsChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("mounts-changed", handler)
    }
}
