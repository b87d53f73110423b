import Foundation
@testable import LibraryCore

/// libFuzzer's entry: any bytes as ListenBrainz's answer. The first byte picks the endpoint
/// (its low bit) and the HTTP status (of those the server sends); the next, up to a newline,
/// are the `X-RateLimit-Reset-In` header; the rest is the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListenBrainzAnswer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let statuses = [200, 201, 204, 400, 401, 403, 404, 413, 429, 500, 502, 503, 100, 302]
    let status = statuses[Int(bytes[0] >> 1) % statuses.count]
    let rest = bytes.dropFirst()
    let newline = rest.firstIndex(of: 0x0A)
    let header = newline.map { String(decoding: rest[rest.startIndex..<$0], as: UTF8.self) }
    let body = Data(newline.map { rest[($0 + 1)...] } ?? rest)
    if bytes[0] & 1 == 0 {
        _ = ListenBrainzAnswer.tokenCheck(status: status, body: body, resetIn: header)
    } else {
        _ = ListenBrainzAnswer.submission(status: status, body: body, resetIn: header)
    }
    return 0
}
