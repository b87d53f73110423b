// How `Resources/` reaches SwiftPM's build.
//
// SwiftPM cannot compile a C file a plugin generates (Swift 6.3 refuses with "C source file
// generation not enabled"), so glib-compile-resources' own `--generate-source` is out. Instead
// this build-tool plugin, applied to the BlueLibrary target, runs glib-compile-resources on
// `Resources/bluelibrary.gresource.xml` to make one bundle, then `resource-embedder`, which writes
// the bundle as a Swift source file (`EmbeddedResources.swift`, the bundle in Base64). The app
// registers that bundle with GLib at start-up (`AppResources.register()`), so `swift run`, the
// tests and a meson install all carry the same resources inside the binary, and nothing
// depends on where the source tree or the prefix is.
//
// Every file under `Resources/` is an input: changing one rebuilds the bundle.

import Foundation
import PackagePlugin

@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let resources = context.package.directoryURL.appending(path: "Resources")
        let manifest = resources.appending(path: "bluelibrary.gresource.xml")
        let bundle = context.pluginWorkDirectoryURL.appending(path: "bluelibrary.gresource")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Compiling the resources into a GResource bundle",
                executable: try Self.compiler(),
                arguments: ["--sourcedir", resources.path, "--target", bundle.path, manifest.path],
                inputFiles: Self.files(under: resources),
                outputFiles: [bundle]
            ),
            .buildCommand(
                displayName: "Embedding the GResource bundle",
                executable: try context.tool(named: "resource-embedder").url,
                arguments: [bundle.path, output.path],
                inputFiles: [bundle],
                outputFiles: [output]
            ),
        ]
    }

    /// `glib-compile-resources` from `PATH` (Debian's `libglib2.0-dev-bin`).
    private static func compiler() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appending(path: "glib-compile-resources") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw PluginError.compilerMissing
        }
        return found
    }

    private static func files(under folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    enum PluginError: Error, CustomStringConvertible {
        case compilerMissing
        var description: String {
            "glib-compile-resources was not found in PATH (Debian: apt-get install libglib2.0-dev-bin)"
        }
    }
}
