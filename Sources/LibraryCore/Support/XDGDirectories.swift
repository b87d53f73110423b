import CGLib
import Foundation

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
