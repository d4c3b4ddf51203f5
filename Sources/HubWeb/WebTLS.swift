import Foundation
import NIOSSL

/// The certificate and private key the web app serves HTTPS with (`--tls-cert`, `--tls-key`): PEM files, the
/// certificate file holding the chain from the server's own certificate up.
public struct WebTLS: Sendable, Equatable {
    /// The PEM certificate chain.
    public var certificatePath: String
    /// The PEM private key of the chain's first certificate.
    public var keyPath: String

    /// The files as given.
    public init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }

    /// swift-nio-ssl's server configuration, read from the files now so a bad file is reported before the hub
    /// starts rather than at the first connection.
    func serverConfiguration() throws(WebServerError) -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificatePath)
        } catch {
            throw .unreadableTLSFile(option: "--tls-cert", path: certificatePath, reason: "\(error)")
        }
        guard !chain.isEmpty else {
            throw .unreadableTLSFile(option: "--tls-cert", path: certificatePath, reason: "no PEM certificate in it")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: keyPath, format: .pem)
        } catch {
            throw .unreadableTLSFile(option: "--tls-key", path: keyPath, reason: "\(error)")
        }
        return .makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }
}
