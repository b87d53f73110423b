import Foundation
import LibraryCore

/// libFuzzer's entry: any bytes as an album list. A throw is an answer; a crash is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAlbumList(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    if let albums = try? AlbumList.decode(data) {
        // What is read is what is written again.
        _ = try? AlbumList.encode(albums)
    }
    return 0
}
