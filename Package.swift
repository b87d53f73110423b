// swift-tools-version:6.0
//
// BlueLibrary: a music-album library for the GNOME desktop.
// See ../shared/DESIGN.md for the targets and what each may import.

import PackageDescription

let package = Package(
    name: "BlueLibrary",
    products: [
        .executable(name: "bluelibrary", targets: ["BlueLibraryMain"]),
        .library(name: "LibraryCore", targets: ["LibraryCore"]),
        .library(name: "GtkKit", targets: ["GtkKit"]),
        // The in-process benchmarks (bench/run builds it with -enable-testing).
        .executable(name: "bluelibrary-bench", targets: ["BlueLibraryBench"]),
    ],
    targets: [
        // MARK: C interop (module map + shim header only)

        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),

        // MARK: The shared core (no GTK)

        .target(
            name: "LibraryCore",
            dependencies: ["CCurl", "CGLib"]
        ),

        // MARK: The Swift layer over GTK (the only home of raw GTK pointers)

        .target(
            name: "GtkKit",
            dependencies: ["CGtk"]
        ),

        // MARK: The application

        // Everything but `main`, as a library so the UI tests can build the real window.
        .target(
            name: "BlueLibrary",
            dependencies: ["LibraryCore", "GtkKit"]
        ),
        .executableTarget(
            name: "BlueLibraryMain",
            dependencies: ["BlueLibrary", "LibraryCore"]
        ),

        // MARK: Benchmarks

        // Drives the real window's internals (`@testable import`), so it builds in debug, or in
        // release with `-Xswiftc -enable-testing` as bench/run does.
        .executableTarget(
            name: "BlueLibraryBench",
            dependencies: ["BlueLibrary", "GtkKit", "LibraryCore", "TestSupport"],
            path: "bench/InProcess"
        ),

        // MARK: Tests

        .target(
            name: "TestSupport",
            dependencies: ["LibraryCore", "GtkKit"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "LibraryCoreTests",
            dependencies: ["LibraryCore", "TestSupport"]
        ),
        .testTarget(
            name: "GtkKitTests",
            dependencies: ["GtkKit", "TestSupport"]
        ),
        .testTarget(
            name: "BlueLibraryTests",
            dependencies: ["BlueLibrary", "GtkKit", "LibraryCore", "TestSupport"]
        ),
    ]
)
