import Foundation

// MARK: - Preferences

/// What the user chose in the Preferences window, kept with the memento in `state.json`.
/// Every setting has a default, and a file without one (an older version's) reads as the
/// default.
public struct Preferences: Codable, Hashable, Sendable {
    /// Closing the window while music plays keeps the music, the media controls and the
    /// media keys; launching BlueLibrary again brings the window back. Off by default:
    /// closing the window quits.
    public var keepsPlayingWhenWindowIsClosed: Bool
    /// Tracks play at the loudness their ReplayGain tags give (album gain for an album in
    /// order, track gain shuffled), so quiet and loud records sound alike. On by default.
    public var normalizesVolume: Bool
    /// In-window notices ("“Album” deleted", with their Undo) stay until closed, for people who
    /// need more than their 5 seconds to read or reach them. Off by default.
    public var keepsNoticesUntilClosed: Bool
    /// The user connected to ListenBrainz (the token itself is in the keyring, never here):
    /// the keyring is asked for it at launch only then. Off by default.
    public var isConnectedToListenBrainz: Bool

    public init(keepsPlayingWhenWindowIsClosed: Bool = false, normalizesVolume: Bool = true, keepsNoticesUntilClosed: Bool = false,
                isConnectedToListenBrainz: Bool = false) {
        self.keepsPlayingWhenWindowIsClosed = keepsPlayingWhenWindowIsClosed
        self.normalizesVolume = normalizesVolume
        self.keepsNoticesUntilClosed = keepsNoticesUntilClosed
        self.isConnectedToListenBrainz = isConnectedToListenBrainz
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case keepsPlayingWhenWindowIsClosed, normalizesVolume, keepsNoticesUntilClosed, isConnectedToListenBrainz
    }

    /// Every key is optional, so a file of an older version still loads; a key that is
    /// present with the wrong type is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        keepsPlayingWhenWindowIsClosed = try container.decodeIfPresent(Bool.self, forKey: .keepsPlayingWhenWindowIsClosed) ?? false
        normalizesVolume = try container.decodeIfPresent(Bool.self, forKey: .normalizesVolume) ?? true
        keepsNoticesUntilClosed = try container.decodeIfPresent(Bool.self, forKey: .keepsNoticesUntilClosed) ?? false
        isConnectedToListenBrainz = try container.decodeIfPresent(Bool.self, forKey: .isConnectedToListenBrainz) ?? false
    }
}
