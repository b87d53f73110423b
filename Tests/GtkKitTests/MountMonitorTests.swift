import Foundation
import Testing
import TestSupport
@testable import GtkKit

/// `MountMonitor` says when a file system is mounted and unmounted (a tmpfs, where this
/// machine lets the tests mount one).
@MainActor
@Suite(.enabled(if: SmallFileSystem.isAvailable, "mounting a tmpfs needs root"))
struct MountMonitorTests {
    init() throws {
        try #require(MainLoopDriver.start(), "GTK needs a display: run the tests under xvfb-run")
    }

    @Test func aMountAndAnUnmountAreTold() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bluelibrary-mount-monitor-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let monitor = MountMonitor()
        var changes = 0
        monitor.onMountsChanged { changes += 1 }

        // mount(8) and umount(8) run off the main actor, which the window suites share.
        try await Task.detached { try SmallFileSystem.mount(size: "1m", on: folder) }.value
        #expect(await MainLoopDriver.run(until: { changes >= 1 }), "a drive plugged in is told")
        let afterMount = changes
        await Task.detached { SmallFileSystem.unmount(folder) }.value
        #expect(await MainLoopDriver.run(until: { changes > afterMount }), "and one unplugged")
    }
}
