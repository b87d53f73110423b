import Foundation

// MARK: - ListenPayload

/// The JSON body of `POST /1/submit-listens`: listens (or the track playing now) as
/// ListenBrainz takes them, with the artist, track and release names, the MusicBrainz release
/// id the file carries, the track's length, and the player's name.
/// (https://listenbrainz.readthedocs.io/en/latest/users/json.html)
struct ListenPayload: Encodable {
    /// "single" for one listen, "import" for several, "playing_now" for the track playing.
    enum Kind: String, Encodable {
        case single, `import`, playingNow = "playing_now"
    }

    struct Entry: Encodable {
        /// Seconds since 1970; none for "playing now".
        var listenedAt: Int?
        var trackMetadata: TrackMetadata

        enum CodingKeys: String, CodingKey {
            case listenedAt = "listened_at", trackMetadata = "track_metadata"
        }
    }

    struct TrackMetadata: Encodable {
        var artistName: String
        var trackName: String
        var releaseName: String?
        var additionalInfo: AdditionalInfo

        enum CodingKeys: String, CodingKey {
            case artistName = "artist_name", trackName = "track_name", releaseName = "release_name", additionalInfo = "additional_info"
        }
    }

    struct AdditionalInfo: Encodable {
        var releaseMBID: String?
        var recordingMBID: String?
        var durationMs: Int?
        var mediaPlayer = AppInfo.name
        var submissionClient = AppInfo.name
        var submissionClientVersion = AppInfo.version

        enum CodingKeys: String, CodingKey {
            case releaseMBID = "release_mbid", recordingMBID = "recording_mbid", durationMs = "duration_ms"
            case mediaPlayer = "media_player"
            case submissionClient = "submission_client", submissionClientVersion = "submission_client_version"
        }
    }

    var listenType: Kind
    var payload: [Entry]

    enum CodingKeys: String, CodingKey {
        case listenType = "listen_type", payload
    }

    /// The listens `listens`, as one submission.
    init(_ listens: [WaitingListen]) {
        listenType = listens.count == 1 ? .single : .import
        payload = listens.map { Entry(listenedAt: Self.seconds($0.listen.listenedAt), trackMetadata: Self.metadata($0.listen, ids: $0.musicBrainzIDs)) }
    }

    /// The track `listen` names, playing now.
    init(playingNow listen: Listen) {
        listenType = .playingNow
        payload = [Entry(listenedAt: nil, trackMetadata: Self.metadata(listen, ids: ListenMusicBrainzIDs()))]
    }

    /// The body's bytes.
    func encoded() -> Data {
        (try? JSONEncoder().encode(self)) ?? Data()
    }

    private static func metadata(_ listen: Listen, ids: ListenMusicBrainzIDs) -> TrackMetadata {
        let duration = listen.duration.isFinite && listen.duration > 0 ? Int((listen.duration * 1000).rounded()) : nil
        return TrackMetadata(
            artistName: listen.artist.trimmed, trackName: listen.title.trimmed,
            releaseName: listen.release.trimmed.isEmpty ? nil : listen.release.trimmed,
            additionalInfo: AdditionalInfo(releaseMBID: Self.mbid(ids.release), recordingMBID: Self.mbid(ids.recording),
                                           durationMs: duration)
        )
    }

    /// A time as ListenBrainz takes it: whole seconds since 1970, never before it.
    private static func seconds(_ date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite ? max(Int(seconds), 0) : 0
    }

    /// `text` when it is a MusicBrainz id (a UUID), lower-cased; nil otherwise: the service
    /// refuses a listen with another.
    private static func mbid(_ text: String) -> String? {
        let text = text.trimmed
        return UUID(uuidString: text) != nil ? text.lowercased() : nil
    }
}

private extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
