// swift-tools-version:6.0
//
// BlueLibrary: a music-album library for the GNOME desktop.
// See ../shared/DESIGN.md for the targets and what each may import.

import PackageDescription

let package = Package(
    name: "BlueLibrary",
    products: [
        .library(name: "LibraryCore", targets: ["LibraryCore"]),
    ],
    targets: [
        // MARK: C interop (module map + shim header only)

        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
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
        .testTarget(
            name: "LibraryCoreTests",
            dependencies: ["LibraryCore"]
        ),
    ]
)
