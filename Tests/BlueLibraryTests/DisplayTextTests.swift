import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Text from the user's files inserted into the app's sentences (the toast, the Undo
/// tooltip, the covers' tooltips and names): it never reorders or rewrites the sentence
/// around it, and it is cleaned the same way everywhere.
@MainActor
struct DisplayTextTests {
    private static let fsi = "\u{2068}", pdi = "\u{2069}"

    @Test func rightToLeftTitlesAreIsolatedInsideTheSentence() {
        #expect("أغاني الحب".isolatedForDisplay == Self.fsi + "أغاني الحب" + Self.pdi)
        let toast = localized("“%@” deleted", "أغاني الحب".isolatedForDisplay)
        #expect(toast == "“\(Self.fsi)أغاني الحب\(Self.pdi)” deleted")
    }

    @Test func aTitlesDirectionOverrideEndsWithTheTitle() {
        // "evil override" drawn backwards must not turn "deleted" into "deteled".
        let isolated = "\u{202E}evil override".isolatedForDisplay
        #expect(isolated == Self.fsi + "\u{202E}evil override" + Self.pdi)
        // A title cannot close the isolate early with a POP DIRECTIONAL ISOLATE of its own…
        #expect("a\u{2069}\u{202E}b".isolatedForDisplay == Self.fsi + "a\u{202E}b" + Self.pdi)
        // …nor leave one of its own isolates open over the rest of the sentence.
        #expect("\u{2067}a".isolatedForDisplay == Self.fsi + "\u{2067}a" + Self.pdi + Self.pdi)
    }

    @Test func theUndoTooltipCleansControlCharactersLikeEveryLabel() {
        let album = Album(title: "line\nbreak", artist: "A", genre: "G", coverUrl: "", year: "")
        let description = LibraryCommand(kind: .delete, entries: [LibraryEntry(id: 1, key: OrderKey.between(nil, nil), album: album)]).displayName
        #expect(!description.contains("\n"), "a line feed would split the tooltip in two")
        #expect(description == "Delete “\(Self.fsi)line␊break\(Self.pdi)”")
    }

    @Test func theUndoTooltipOfAnImportCountsOnlyTheAlbumsItAdded() {
        func entry(_ id: AlbumID, _ title: String) -> LibraryEntry {
            LibraryEntry(id: id, key: OrderKey.between(nil, nil), album: Album(title: title, artist: "A", genre: "G", coverUrl: "", year: ""))
        }
        // A folder imported again: one album added, two updated (their previous selves kept).
        let mixed = LibraryCommand(kind: .importFolder, entries: [entry(1, "New"), entry(2, "Changed"), entry(3, "Changed too")],
                                   previous: [entry(2, "Old"), entry(3, "Old too")])
        #expect(mixed.displayName == "Import of 1 Album")
        let updatesOnly = LibraryCommand(kind: .importFolder, entries: [entry(2, "Changed")], previous: [entry(2, "Old")])
        #expect(updatesOnly.displayName == "Update of 1 Album")
    }

    @Test func sentencesAreLaidOutInTheLanguagesDirection() {
        // The first strong character decides a label's direction: a mark of the language's
        // own comes before the quoted title's letters.
        let sentence = localized("“%@” deleted", "أغاني".isolatedForDisplay).asSentence
        #expect(sentence.unicodeScalars.first == "\u{200E}")
    }
}
