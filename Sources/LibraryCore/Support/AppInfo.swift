// MARK: - AppInfo

/// The app's identity, shared by the User-Agent, the About dialog and the desktop files.
public enum AppInfo {
    public static let name = "BlueLibrary"
    public static let version = "0.1.0"
    public static let applicationID = "io.github.bluelibrary.BlueLibrary"
    public static let website = "https://github.com/bluelibrary/BlueLibrary"
}
