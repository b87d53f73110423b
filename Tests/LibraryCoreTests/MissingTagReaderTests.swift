import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// Where the tag reader helper is looked for, and what the user is told when it is not there:
/// the places looked at, how many files went unread, and the command that brings it back.
@Suite("A missing tag reader, told in words")
struct MissingTagReaderTests {

    @Test("a development build looks beside itself, finds the helper built there, and names its source folder")
    func aDevelopmentBuild() throws {
        let told = MissingTagReader.current(environment: [:])
        let folder = try #require(RunningProgram.folder)
        #expect(told.searchedPaths == [
            folder.deletingLastPathComponent().appendingPathComponent("libexec/bluelibrary-tag-reader").path,
            folder.appendingPathComponent("bluelibrary-tag-reader").path,
        ])
        #expect(told.foundPath == folder.appendingPathComponent("bluelibrary-tag-reader").path, "swift build --build-tests builds it")
        #expect(told.remedy == .build(command: "swift build --product bluelibrary-tag-reader", sourceFolder: Repository.root.standardizedFileURL.path))
        #expect(told.heading == "BlueLibrary’s Tag Reader Could Not Start")
    }

    @Test("a helper named by the environment that is not there is the only place looked at")
    func aNamedHelperThatIsNotThere() {
        let told = MissingTagReader.current(environment: [TagReaderExecutable.variable: "/nonexistent/reader"])
        #expect(told.searchedPaths == ["/nonexistent/reader"])
        #expect(told.foundPath == nil)
        #expect(told.remedy == .nameAnother)
        #expect(told.heading == "BlueLibrary’s Tag Reader Is Missing")
    }

    @Test("the words: each place looked at once, the files left unread counted, and the command that builds it")
    func theWords() {
        let missing = MissingTagReader(searchedPaths: ["/src/.build/x/libexec/bluelibrary-tag-reader", "/src/.build/x/debug/bluelibrary-tag-reader"],
                                       foundPath: nil, remedy: .build(command: "swift build --product bluelibrary-tag-reader", sourceFolder: "/src"))
        #expect(missing.lines(unreadFiles: 2) == [
            "BlueLibrary reads music files with a helper program, bluelibrary-tag-reader, which is in none of the places it was looked for:",
            "• /src/.build/x/libexec/bluelibrary-tag-reader",
            "• /src/.build/x/debug/bluelibrary-tag-reader",
            "",
            "So 2 music files could not be read, and were not imported.",
            "To build it, run “swift build --product bluelibrary-tag-reader” in BlueLibrary’s source folder, “/src” (“scripts/run” builds it and starts BlueLibrary). Then import the music again.",
        ])
        let broken = MissingTagReader(searchedPaths: ["/usr/libexec/bluelibrary-tag-reader"], foundPath: "/usr/libexec/bluelibrary-tag-reader", remedy: .install)
        #expect(broken.lines(unreadFiles: 1) == [
            "BlueLibrary reads music files with a helper program, bluelibrary-tag-reader. The one at “/usr/libexec/bluelibrary-tag-reader” could not be started.",
            "",
            "So 1 music file could not be read, and was not imported.",
            "It is installed with BlueLibrary: install BlueLibrary again (“meson install” in its build folder, or its package), then import the music again.",
        ])
    }
}
