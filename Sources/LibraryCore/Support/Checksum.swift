import CGLib
import Foundation

// MARK: - Checksums

/// Checksums computed by GLib (`g_compute_checksum_for_data`).
enum Checksum {
    /// The lowercase hexadecimal SHA-256 of `string`'s UTF-8 bytes.
    static func sha256Hex(of string: String) -> String {
        sha256Hex(of: Data(string.utf8))
    }

    /// The lowercase hexadecimal SHA-256 of `data`.
    static func sha256Hex(of data: Data) -> String {
        let hex = data.withUnsafeBytes { buffer in
            g_compute_checksum_for_data(G_CHECKSUM_SHA256, buffer.baseAddress, gsize(buffer.count))
        }
        guard let hex else {
            // GLib returns NULL only for an unsupported checksum type; SHA-256 always is.
            preconditionFailure("GLib refused to compute a SHA-256")
        }
        defer { g_free(hex) }
        return String(cString: hex)
    }
}
