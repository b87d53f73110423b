import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - ProcessImage

/// The running program as the system sees it.
public enum ProcessImage {
    /// Replaces this process with a fresh start of the same program, without the launch's
    /// arguments (which would import again what they imported): the process id, its
    /// environment and its standard streams stay. Every descriptor GLib, GTK and the library
    /// opened is close-on-exec, so the new start finds the library's lock free, and the bus
    /// name too once the caller has released it (`Application.releaseBusName`). Returns only
    /// if the system refused, with its reason (the caller then ends as it would have).
    public static func restart() -> String {
        let program = CommandLine.arguments.first ?? "bluelibrary"
        guard let name = strdup(program) else { return "out of memory" }
        var arguments: [UnsafeMutablePointer<CChar>?] = [name, nil]
        execv("/proc/self/exe", &arguments)
        let reason = String(cString: strerror(errno))
        free(name)
        return reason
    }
}
