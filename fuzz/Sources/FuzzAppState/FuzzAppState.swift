import Foundation
import LibraryCore

/// libFuzzer's entry: any bytes as `state.json`. A throw is an answer; a crash is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppState(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    _ = try? AppState.decode(Data(bytes: start, count: count))
    return 0
}
