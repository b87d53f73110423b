import Foundation

// MARK: - RegularFile

/// Reads a whole regular file by its path's bytes, never blocking on a FIFO or a device.
enum RegularFile {
    static func read(_ path: MusicFilePath, limit: Int) throws(CoverFileError) -> Data {
        let name = path.displayName
        // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .unreadable(name: name, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .notAFile(name: name) }
        guard info.st_size <= limit else { throw .tooLarge(name: name) }
        var data = Data(count: Int(info.st_size))
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return data.prefix(filled)
    }
}
