import Foundation
@testable import LibraryCore

/// libFuzzer's entry: any bytes as a cover file, through what a cover must pass before it is
/// decoded: its signature, and the checks of a cover the user or the import brings in.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    _ = ImageFormat(signatureOf: data)
    _ = ImageSignature.check(data)
    _ = try? OwnCovers.check(data, name: "cover")
    return 0
}
