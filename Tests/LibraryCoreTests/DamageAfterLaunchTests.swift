import Foundation
import Testing
import TestSupport
@testable import LibraryCore

/// Damage in a part of the database the first frame does not read (the tracks): the launch
/// checks only what it reads, so the library opens at once; the check of the whole file
/// after it finds the damage, tells it and writes it down, and the next launch repairs the
/// library as it repairs damage found at launch.
@MainActor
@Suite("Damage found after the launch")
struct DamageAfterLaunchTests {
    @Test func damagedTracksAreFoundAfterTheLaunchToldAndRepairedAtTheNext() async throws {
        let folders = TestFolders()
        try folders.writeLibrary((0..<300).map(sampleAlbum))
        do {
            let first = LibraryAPI(locations: folders.locations, saveDelay: .zero)  // imports, backs up
            first.close()
        }
        try folders.damageTracks()

        // The launch: nothing found, every album shown.
        var library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.loadProblems.isEmpty, "\(library.loadProblems.map(\.message))")
        #expect(library.count == 300)
        var told: [String] = []
        let observation = library.observe { event in
            if case .damageFound(let message) = event { told.append(message) }
        }
        library.checkWholeFile()
        let deadline = ContinuousClock.now + .seconds(120)
        while told.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        _ = observation
        #expect(told.count == 1)
        #expect(told.first?.hasPrefix("Part of your library database is damaged") == true, "\(told)")
        #expect(told.first?.hasSuffix("restores your library from its latest backup.") == true, "\(told)")
        #expect(FileManager.default.fileExists(atPath: folders.locations.damageFoundFile.path), "written down for the next launch")
        library.close()

        // The next launch: the damaged file kept aside, the backup restored, the note gone.
        library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        let problem = try #require(library.loadProblems.first)
        #expect(problem.recovery == .backup)
        #expect(problem.message.hasPrefix("Your library database is damaged"))
        #expect(library.count == 300)
        let keptAside = folders.files(in: folders.libraryFolder)
            .filter { $0.hasPrefix("library.sqlite3.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(keptAside.count == 1, "the damaged database is kept, never deleted")
        // As the damaged session left it (its own commits and checkpoint in it), the damaged page still there.
        let kept = try Data(contentsOf: folders.libraryFolder.appendingPathComponent(keptAside.first ?? ""))
        #expect(kept.range(of: Data(repeating: 0xA5, count: 4096)) != nil)
        #expect(!FileManager.default.fileExists(atPath: folders.locations.damageFoundFile.path))
        let repaired = problem.recovery == .backup && library.count == 300
        let held = told.count == 1 && repaired && keptAside.count == 1
        library.close()

        ReliabilityLog.record([ReliabilityRow(
            area: "Damaged files", attempt: "library.sqlite3: the tracks' table overwritten (a part the first frame does not read)",
            outcome: "opened at once with nothing to tell; the check after the launch found it, wrote it down and told it; the next launch kept it aside and restored the latest backup (300 albums)",
            held: held)])
    }
}
