import CGLib
import Foundation

// MARK: - Checksums

/// Checksums computed by GLib (`g_compute_checksum_for_data`).
enum Checksum {
    /// The lowercase hexadecimal SHA-256 of `string`'s UTF-8 bytes.
    static func sha256Hex(of string: String) -> String {
        let bytes = Array(string.utf8)
        let hex = bytes.withUnsafeBufferPointer { buffer in
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

// MARK: - XDG base directories

/// The user's XDG base directories as GLib resolves them (environment variables with the
/// specification's defaults). GLib reads them once per process.
public enum XDGDirectories {
    /// `$XDG_DATA_HOME`, by default `~/.local/share`.
    public static var dataHome: URL { directory(String(cString: g_get_user_data_dir())) }
    /// `$XDG_STATE_HOME`, by default `~/.local/state`.
    public static var stateHome: URL { directory(String(cString: g_get_user_state_dir())) }
    /// `$XDG_CACHE_HOME`, by default `~/.cache`.
    public static var cacheHome: URL { directory(String(cString: g_get_user_cache_dir())) }

    // GLib documents these getters as never returning NULL.
    private static func directory(_ path: String) -> URL {
        URL(fileURLWithPath: path, isDirectory: true)
    }
}
