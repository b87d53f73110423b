import CCurl
import Foundation

// MARK: - CurlTransfer

/// One request (a GET, or a POST with headers): the libcurl easy handle's options, the body
/// as it arrives, and the mapping of libcurl's outcome to an answer or an `HTTPError`.
///
/// A transfer is handed to `CurlMultiLoop` and from then on touched only on the loop's
/// thread, which is what makes the unchecked `Sendable` sound.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    private let configuration: HTTPClient.Configuration
    private let completion: @Sendable (Result<HTTPResponse, HTTPError>) -> Void
    private var body = Data()
    private var exceededLimit = false
    /// The request's headers as libcurl holds them, until the transfer ends.
    private var headerList: UnsafeMutablePointer<curl_slist>?

    var url: String { request.address }

    init(
        request: HTTPRequest,
        configuration: HTTPClient.Configuration,
        completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
    ) {
        self.request = request
        self.configuration = configuration
        self.completion = completion
    }

    deinit {
        if let headerList { bl_curl_slist_free_all(headerList) }
    }

    // MARK: Easy handle

    /// A configured easy handle whose write callback feeds this transfer, or the error that
    /// prevented it. The caller keeps the transfer alive while the handle is in use.
    func makeEasyHandle() -> Result<UnsafeMutableRawPointer, HTTPError> {
        guard let handle = bl_curl_easy_init() else {
            return .failure(.transport(code: -1, message: "libcurl could not create a transfer"))
        }
        let schemes = HTTPClient.allowedSchemes.sorted().joined(separator: ",")
        let results = [
            bl_curl_easy_setopt_string(handle, CURLOPT_URL, url),
            bl_curl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, schemes),
            bl_curl_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, schemes),
            bl_curl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1),
            bl_curl_easy_setopt_long(handle, CURLOPT_MAXREDIRS, configuration.maximumRedirects),
            bl_curl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.wholeMilliseconds),
            bl_curl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, configuration.totalTimeout.wholeMilliseconds),
            bl_curl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(configuration.maximumBodySize)),
            bl_curl_easy_setopt_string(handle, CURLOPT_USERAGENT, configuration.userAgent),
            bl_curl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
            bl_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            bl_curl_easy_setopt_write_function(handle, curlWriteCallback),
            bl_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque()),
        ] + requestOptions(handle)
        if let failed = results.first(where: { $0 != CURLE_OK }) {
            bl_curl_easy_cleanup(handle)
            return .failure(.transport(code: Int(failed.rawValue), message: Self.message(for: failed)))
        }
        return .success(handle)
    }

    /// A POST's body and the request's own headers (libcurl copies the body).
    private func requestOptions(_ handle: UnsafeMutableRawPointer) -> [CURLcode] {
        var results: [CURLcode] = []
        for header in request.headers {
            guard let list = bl_curl_slist_append(headerList, header) else { return [CURLE_OUT_OF_MEMORY] }
            headerList = list
        }
        if let headerList { results.append(bl_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))) }
        if let body = request.body {
            results.append(bl_curl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            results.append(body.withUnsafeBytes { bytes in
                guard let start = bytes.baseAddress, !bytes.isEmpty else { return bl_curl_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "") }
                return bl_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: start))
            })
        }
        return results
    }

    // MARK: Receiving

    /// Appends a chunk of the body; `false` stops the transfer because the body is too large.
    fileprivate func receive(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard body.count + chunk.count <= configuration.maximumBodySize else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }

    // MARK: Finishing

    /// Reports the outcome of the finished transfer on `handle` to the completion handler.
    func finish(_ code: CURLcode, handle: UnsafeMutableRawPointer) {
        completion(result(code, handle: handle))
    }

    /// Reports a failure that happened before or instead of the transfer.
    func fail(_ error: HTTPError) {
        completion(.failure(error))
    }

    private func result(_ code: CURLcode, handle: UnsafeMutableRawPointer) -> Result<HTTPResponse, HTTPError> {
        switch code {
        case CURLE_OK:
            var status = 0
            bl_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            var headers: [String: String] = [:]
            for name in request.answerHeaders {
                headers[name] = bl_curl_easy_header_value(handle, name).map { String(cString: $0) }
            }
            return .success(HTTPResponse(status: status, body: body, headers: headers, retryAfter: Self.retryAfter(handle)))
        case CURLE_WRITE_ERROR where exceededLimit, CURLE_FILESIZE_EXCEEDED:
            return .failure(.tooLarge(limit: configuration.maximumBodySize))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(.timeout)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .failure(.refusedScheme(Self.scheme(of: Self.effectiveURL(handle)) ?? "unknown"))
        case CURLE_TOO_MANY_REDIRECTS:
            return .failure(.tooManyRedirects)
        case CURLE_URL_MALFORMAT:
            return .failure(.invalidURL(url))
        default:
            return .failure(.transport(code: Int(code.rawValue), message: Self.message(for: code)))
        }
    }

    // MARK: Helpers

    private static func message(for code: CURLcode) -> String {
        bl_curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
    }

    /// The answer's `Retry-After` (seconds, or a date libcurl turns into seconds from now).
    private static func retryAfter(_ handle: UnsafeMutableRawPointer) -> Duration? {
        var seconds: curl_off_t = 0
        guard bl_curl_easy_getinfo_off_t(handle, CURLINFO_RETRY_AFTER, &seconds) == CURLE_OK, seconds > 0 else { return nil }
        return .seconds(seconds)
    }

    private static func effectiveURL(_ handle: UnsafeMutableRawPointer) -> String? {
        var pointer: UnsafeMutableRawPointer?
        bl_curl_easy_getinfo_pointer(handle, CURLINFO_EFFECTIVE_URL, &pointer)
        return pointer.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    private static func scheme(of address: String?) -> String? {
        guard let address, let colon = address.firstIndex(of: ":") else { return nil }
        return address[..<colon].lowercased()
    }
}

// MARK: - Write callback

/// libcurl's CURLOPT_WRITEFUNCTION: hands each chunk to the transfer named by `userdata`.
/// Returning less than the chunk's size makes libcurl stop with CURLE_WRITE_ERROR.
private let curlWriteCallback: bl_curl_write_callback = { data, size, count, userdata in
    guard let userdata else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    let length = size * count
    return transfer.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}
