// Why this file exists: the one secret BlueLibrary keeps, the ListenBrainz token, lives in the
// user's keyring through libsecret (the Secret Service), whose C calls and strings stay here.

import CGtk
import CSecret

// MARK: - TokenKeyring

/// Keeps the ListenBrainz token in the user's keyring (libsecret, the Secret Service), never in
/// a file. Each call waits for the keyring (a D-Bus round trip, or an unlock): the app calls it
/// off the GTK thread. A failure (no Secret Service, a locked keyring) is a `KeyringError`
/// whose words say why; the token is then kept for the session only, by the caller.
public struct TokenKeyring: Sendable {
    /// Why the keyring could not be used.
    public struct KeyringError: Error, Equatable, Sendable {
        /// libsecret's words, or ours.
        public let reason: String
        /// Whether the keyring holds the token but stayed locked (its prompt cancelled).
        public var isLocked = false
    }

    public init() {}

    /// Stores `token`, in place of one stored before.
    public func store(_ token: String) throws(KeyringError) {
        var message: UnsafeMutablePointer<CChar>?
        guard bl_secret_store_token("ListenBrainz token for BlueLibrary", token, &message) != 0 else {
            throw KeyringError(reason: Self.take(message))
        }
    }

    /// The token stored, as it was stored; nil when none is. A locked keyring asks the user for
    /// its password (its own prompt); left locked, it is an error whose `isLocked` is true.
    public func storedToken() throws(KeyringError) -> String? {
        var message: UnsafeMutablePointer<CChar>?
        guard let secret = bl_secret_lookup_token(&message) else {
            if message != nil { throw KeyringError(reason: Self.take(message)) }
            let isStored = bl_secret_token_is_stored(&message) != 0
            if message != nil { throw KeyringError(reason: Self.take(message)) }
            if isStored { throw KeyringError(reason: "the keyring holding the token stayed locked", isLocked: true) }
            return nil
        }
        defer { secret_password_free(secret) }
        return String(cString: secret)
    }

    /// Removes the stored token (none stored is no failure).
    public func remove() throws(KeyringError) {
        var message: UnsafeMutablePointer<CChar>?
        guard bl_secret_clear_token(&message) != 0 else {
            throw KeyringError(reason: Self.take(message))
        }
    }

    /// libsecret's message as a string, freed.
    private static func take(_ message: UnsafeMutablePointer<CChar>?) -> String {
        guard let message else { return "the keyring did not say why" }
        defer { g_free(message) }
        return String(cString: message)
    }
}
