import Foundation

// MARK: - MissingTagReader

/// What the user is told when the tag reader helper could not be started for an import: where
/// it was looked for, how many files went unread, and the command that builds or installs it.
/// Said once for the whole import, never once per file.
public struct MissingTagReader: Hashable, Sendable {
    /// How the helper can be brought back.
    public enum Remedy: Hashable, Sendable {
        /// The app runs from a SwiftPM build of the source folder at this path: build it there
        /// with `command`.
        case build(command: String, sourceFolder: String)
        /// The app is installed: install it again.
        case install
        /// `BLUELIBRARY_TAG_READER` names the helper: point it at one that runs.
        case nameAnother
    }

    /// The paths looked at, in order.
    public let searchedPaths: [String]
    /// The helper found, which could not be started; `nil` when none was found.
    public let foundPath: String?
    /// How the helper can be brought back.
    public let remedy: Remedy

    /// What to tell of a helper looked for at `searchedPaths`, found at `foundPath` (or not).
    public init(searchedPaths: [String], foundPath: String?, remedy: Remedy) {
        self.searchedPaths = searchedPaths
        self.foundPath = foundPath
        self.remedy = remedy
    }

    /// Where this program looks for its helper, and how this program came to be (built in a
    /// source folder, or installed).
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> MissingTagReader {
        let remedy: Remedy = if environment[TagReaderExecutable.variable].map({ !$0.isEmpty }) == true {
            .nameAnother
        } else if let source = RunningProgram.sourceFolder {
            .build(command: "swift build\(RunningProgram.isReleaseBuild ? " -c release" : "") --product \(TagReaderExecutable.name)",
                   sourceFolder: source.path)
        } else {
            .install
        }
        let found = TagReaderExecutable.locate(environment: environment).flatMap { path in
            FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        return MissingTagReader(searchedPaths: TagReaderExecutable.searchedPaths(environment: environment),
                                foundPath: found, remedy: remedy)
    }

    // MARK: Words

    /// The problem dialog's heading.
    public var heading: String {
        foundPath == nil ? localized("BlueLibrary’s Tag Reader Is Missing") : localized("BlueLibrary’s Tag Reader Could Not Start")
    }

    /// The problem dialog's lines, for an import that left `unreadFiles` files unread: what is
    /// missing and where it was looked for; then what it cost and how to bring it back, a blank
    /// line between the two.
    public func lines(unreadFiles: Int) -> [String] {
        var lines: [String] = []
        if let foundPath {
            lines.append(localized("BlueLibrary reads music files with a helper program, %1$@. The one at “%2$@” could not be started.",
                                   TagReaderExecutable.name, foundPath))
        } else {
            lines.append(localized("BlueLibrary reads music files with a helper program, %@, which is in none of the places it was looked for:",
                                   TagReaderExecutable.name))
            lines += searchedPaths.map { "• " + $0 }
        }
        lines.append("")
        lines.append(localizedPlural("So %@ music file could not be read, and was not imported.",
                                     "So %@ music files could not be read, and were not imported.", unreadFiles))
        lines.append(instructions)
        return lines
    }

    /// What brings the helper back, then the import.
    private var instructions: String {
        switch remedy {
        case .build(let command, let sourceFolder):
            localized("To build it, run “%1$@” in BlueLibrary’s source folder, “%2$@” (“scripts/run” builds it and starts BlueLibrary). Then import the music again.",
                      command, sourceFolder)
        case .install:
            localized("It is installed with BlueLibrary: install BlueLibrary again (“meson install” in its build folder, or its package), then import the music again.")
        case .nameAnother:
            localized("%@ names it: point it at a tag reader that runs, or leave it unset, then start BlueLibrary again.",
                      TagReaderExecutable.variable)
        }
    }
}
