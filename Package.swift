// swift-tools-version:6.1
//
// BlueLibrary: a music-album library for the GNOME desktop.
// docs/ARCHITECTURE.md describes the targets, what each may import, and the patterns.

import PackageDescription

let package = Package(
    name: "BlueLibrary",
    products: [
        .executable(name: "bluelibrary", targets: ["BlueLibraryMain"]),
        // Reads tags and covers in a process of its own (TagLib never runs in the app's).
        .executable(name: "bluelibrary-tag-reader", targets: ["BlueLibraryTagReader"]),
        .library(name: "LibraryCore", targets: ["LibraryCore"]),
        .library(name: "GtkKit", targets: ["GtkKit"]),
        // The in-process benchmarks, built like the app users get (bench/run).
        .executable(name: "bluelibrary-bench", targets: ["BlueLibraryBench"]),
    ],
    dependencies: [
        // The library database (SQLite through the system's libsqlite3; migrations, WAL,
        // online backup). MIT.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // MARK: C interop (libcurl's typed wrappers in C; module maps and shim headers for
        // GTK, GStreamer and GLib)

        // libcurl, opened with dlopen at the first transfer rather than linked (its libraries
        // and their set-up cost every launch 5.7 MiB): typed wrappers over its calls, in C.
        // Its header comes from libcurl4-openssl-dev.
        .target(name: "CCurl"),
        // GTK 4 and libadwaita 1.2 (the platform's widgets and style), one module: libadwaita's
        // headers include GTK's, and two modules over the same headers would declare GTK twice.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]
        ),
        // GStreamer 1.22 and its plugin utilities (what decoder is missing), for playback.
        .systemLibrary(
            name: "CGStreamer",
            pkgConfig: "gstreamer-pbutils-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
        ),
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // The user's keyring (the Secret Service), for the ListenBrainz token.
        .systemLibrary(
            name: "CSecret",
            pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev"])]
        ),

        // MARK: Reading tags (C functions written in C++ over TagLib 1.13)

        // TagLib's own C binding reads neither pictures nor the album artist: this small layer
        // hands Swift plain values (tags, the embedded front cover's bytes).
        .target(
            name: "CTagReader",
            linkerSettings: [.linkedLibrary("tag")]
        ),
        // The tag reader helper's side of its socket: requests in, CTagReader's answers out,
        // and what the helper gives up before it reads a file (Landlock, seccomp through
        // libseccomp-dev).
        .target(
            name: "CTagReaderService",
            dependencies: ["CTagReader"],
            linkerSettings: [.linkedLibrary("seccomp")]
        ),
        // The helper the app starts, one per core (`bluelibrary-tag-reader`).
        .executableTarget(
            name: "BlueLibraryTagReader",
            dependencies: ["CTagReaderService"]
        ),
        // The app's side: a helper started behind a socket, spoken to with deadlines, killed
        // and reaped (used by LibraryCore's TagReaderPool).
        .target(name: "CChildProcess"),

        // MARK: A list model GTK does not have (C, over GIO)

        // The strip's model: a count of interchangeable positions, an item made only when GTK
        // asks for one (GtkStringList kept 100,000 objects). Used by GtkKit only.
        .target(
            name: "CPositionListModel",
            dependencies: ["CGtk"]
        ),

        // MARK: The shared core (no GTK)

        .target(
            name: "LibraryCore",
            dependencies: ["CCurl", "CGLib", "CChildProcess", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // MARK: The Swift layer over GTK (the only home of raw GTK pointers)

        .target(
            name: "GtkKit",
            dependencies: ["CGtk", "CPositionListModel", "CSecret"]
        ),

        // MARK: The Swift layer over GStreamer (the only home of raw GStreamer pointers)

        .target(
            name: "GstKit",
            dependencies: ["CGStreamer"]
        ),

        // MARK: The application

        // Everything but `main`, as a library so the UI tests can build the real window.
        // Resources/ (style sheet, Keyboard Shortcuts window, icons) is compiled into it as a
        // GResource bundle by the EmbedResources plugin.
        .target(
            name: "BlueLibrary",
            dependencies: ["LibraryCore", "GtkKit", "GstKit"],
            plugins: ["EmbedResources"]
        ),
        // What the window shows, written for programs that drive the real binary (the state
        // report, the first-frame exit), read through the package's view of the window.
        .target(
            name: "WindowDiagnostics",
            dependencies: ["BlueLibrary", "GtkKit", "LibraryCore"]
        ),
        .executableTarget(
            name: "BlueLibraryMain",
            dependencies: ["BlueLibrary", "WindowDiagnostics", "LibraryCore"]
        ),

        // MARK: Resources

        // Compiles Resources/bluelibrary.gresource.xml with glib-compile-resources and embeds
        // the bundle in the BlueLibrary target (see Plugins/EmbedResources for why this way).
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["resource-embedder"],
            path: "Plugins/EmbedResources"
        ),
        .executableTarget(
            name: "resource-embedder",
            path: "Plugins/ResourceEmbedder"
        ),

        // MARK: Benchmarks

        // Drives the real window through the package's view of it, in a plain release build.
        // (CTagReader: the import through the helpers is compared with TagLib in process.)
        .executableTarget(
            name: "BlueLibraryBench",
            dependencies: ["BlueLibrary", "WindowDiagnostics", "GtkKit", "LibraryCore", "Fixtures", "CTagReader"],
            path: "bench/InProcess"
        ),

        // MARK: Fixtures

        // What the tests and the benchmarks both need, and neither owns: scratch XDG folders,
        // the cover server (`cover_server.py`, run by `CoverServer`; its request handler, `fixture_http.py`, is shared), the MusicBrainz and Cover Art
        // Archive stand-in (`musicbrainz_server.py`, run by `MusicBrainzServer`), the ListenBrainz
        // stand-in (`listenbrainz_server.py`, run by `ListenBrainzServer`), music folders of tiny
        // audio files from ffmpeg tagged through TagLib, and the one PNG maker (`png.py`).
        .target(
            name: "Fixtures",
            dependencies: ["LibraryCore", "CTagReader"],
            path: "Fixtures",
            exclude: ["cover_server.py", "fixture_http.py", "listenbrainz_server.py", "musicbrainz_server.py", "png.py"]
        ),

        // MARK: Tests

        // X11 helpers for xdotool (a window's id, where a widget lies on screen): test-only.
        .systemLibrary(
            name: "CGtkTesting",
            path: "Tests/CGtkTesting",
            pkgConfig: "gtk4"
        ),
        // A tag reader helper that crashes or hangs on files named for it, as a file that
        // breaks TagLib would: `BLUELIBRARY_TAG_READER` points the app at it in the tests.
        .executableTarget(
            name: "FaultyTagReader",
            dependencies: ["CTagReaderService"],
            path: "Tests/FaultyTagReader"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["LibraryCore", "GtkKit", "CGtkTesting", "Fixtures"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "LibraryCoreTests",
            dependencies: ["LibraryCore", "TestSupport", "Fixtures"]
        ),
        .testTarget(
            name: "GtkKitTests",
            dependencies: ["GtkKit", "TestSupport", "Fixtures"]
        ),
        .testTarget(
            name: "BlueLibraryTests",
            dependencies: ["BlueLibrary", "WindowDiagnostics", "GtkKit", "GstKit", "LibraryCore", "TestSupport", "Fixtures"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
