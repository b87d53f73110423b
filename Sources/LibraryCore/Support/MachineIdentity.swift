import Foundation

// MARK: - MachineIdentity

/// This computer, as systemd and D-Bus name it (`/etc/machine-id`), so that a file a sync tool
/// brought from another computer can be told from one this computer left.
enum MachineIdentity {
    /// The machine id; the host name when the system has none.
    static let current: String = {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !id.isEmpty { return id }
            }
        }
        return ProcessInfo.processInfo.hostName
    }()
}
