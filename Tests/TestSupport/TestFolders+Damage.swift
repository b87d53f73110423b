import Foundation

// MARK: - Damage where the first frame does not read

extension TestFolders {
    /// Gives each album of the library's database `perAlbum` tracks, as an import would have
    /// left them, then overwrites the root page of the tracks' table with 0xA5 bytes: damage
    /// that `PRAGMA quick_check` finds, in a table the launch leaves to the check after its
    /// first frame. Written by another program (Python's sqlite3), with the app closed.
    public func damageTracks(perAlbum: Int = 10) throws {
        let script = """
            import sqlite3, sys
            path, n = sys.argv[1], int(sys.argv[2])
            c = sqlite3.connect(path)
            ids = [row[0] for row in c.execute("SELECT id FROM album")]
            c.executemany("INSERT INTO track (path, albumID, size, modified, tags) VALUES (?, ?, 1000, 1, '{}')",
                          ((f"/music/{album}/{number:02d}.flac".encode(), album) for album in ids for number in range(1, n + 1)))
            c.commit()
            root = c.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'track'").fetchone()[0]
            size = c.execute("PRAGMA page_size").fetchone()[0]
            c.execute("PRAGMA wal_checkpoint(TRUNCATE)"); c.close()
            assert root > 1, root
            with open(path, "r+b") as f:
                f.seek((root - 1) * size); f.write(b"\\xa5" * size)
            """
        try PythonScript.run(script, locations.databaseFile.path, "\(perAlbum)")
    }
}
