// swift-tools-version:6.1
//
// The libFuzzer harnesses for BlueLibrary's Swift parsers of untrusted bytes, a package of
// their own so that only they, and what they reach, are built for fuzzing:
//   swift build --package-path fuzz --sanitize=fuzzer --sanitize=address
// (scripts/fuzz builds and runs them; fuzz/tag_reader_fuzzer.cpp is the C++ one, for TagLib).
// Each executable has no `main`: libFuzzer's calls `LLVMFuzzerTestOneInput`.

import Foundation
import PackageDescription

/// The BlueLibrary package, one folder up; its identity is that folder's name.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let core = Target.Dependency.product(name: "LibraryCore", package: root.lastPathComponent)
/// `@testable import LibraryCore` reaches its internal parsers (a debug build allows it).
let asLibrary: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "BlueLibraryFuzz",
    dependencies: [.package(path: root.path)],
    targets: [
        // The library's album list (albums.json, an export, a backup).
        .executableTarget(name: "FuzzAlbumList", dependencies: [core], swiftSettings: asLibrary),
        // The saved state (state.json): the selection, the window, the queue, the listening.
        .executableTarget(name: "FuzzAppState", dependencies: [core], swiftSettings: asLibrary),
        // MusicBrainz's answer to a release search, and the ranking of its candidates.
        .executableTarget(name: "FuzzMusicBrainzAnswer", dependencies: [core], swiftSettings: asLibrary),
        // Image headers: what a cover file (downloaded, the Cover Art Archive's, dropped,
        // embedded) is taken for before it is decoded, and the checks it must pass.
        .executableTarget(name: "FuzzImageHeader", dependencies: [core], swiftSettings: asLibrary),
        // ListenBrainz's answers: a token check, listens sent, a rate limit.
        .executableTarget(name: "FuzzListenBrainzAnswer", dependencies: [core], swiftSettings: asLibrary),
    ]
)
