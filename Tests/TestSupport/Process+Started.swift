import Foundation

// MARK: - Starting processes

extension Process {
    /// Starts the process with no signal blocked, then closes this side's copies of the
    /// child's own ends: a file handle opened for it as its standard input, output or error
    /// (not the null device, nor this process's own standard streams, which a process is
    /// given unless told otherwise), and the far end of a `Pipe` (the end it reads its input
    /// from, or writes its output to). The test keeps its own end of a pipe, and closes it
    /// when done with it.
    ///
    /// A child inherits the signal mask of the thread that starts it, and the threads Swift
    /// concurrency runs tests on block nearly every signal: started from one, a child ignores
    /// SIGTERM (`terminate()` does nothing), and a shell in it never sees its own children end.
    ///
    /// Foundation keeps a process started from a task, and the handles it was given, until the
    /// run loop of the thread that started it runs, which a test's never does: each handle
    /// left open here stayed open until the runner ended (1,748 descriptors at the end of a
    /// full run). Past about 1,360, Foundation's own `run()` reads beyond the end of its
    /// `/proc/self/fd` listing (swift-corelibs-foundation pull request 5472, after Swift 6.3.1).
    public func runWithSignalsUnblocked() throws {
        var none = sigset_t(), previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try run()
        closeChildsEnds()
    }

    private func closeChildsEnds() {
        if let input = standardInput as? Pipe { try? input.fileHandleForReading.close() }
        for output in [standardOutput, standardError] {
            if let pipe = output as? Pipe { try? pipe.fileHandleForWriting.close() }
        }
        var closed: Set<ObjectIdentifier> = []
        for case let file as FileHandle in [standardInput, standardOutput, standardError]
        where file !== FileHandle.nullDevice && file.fileDescriptor > STDERR_FILENO
            && closed.insert(ObjectIdentifier(file)).inserted {
            try? file.close()
        }
    }
}
