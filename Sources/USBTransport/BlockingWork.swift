import Foundation

/// Runs blocking work (report I/O waits in `poll` or libusb) on a thread of its own, so it never
/// holds a thread of Swift's cooperative pool.
public enum BlockingWork {
    /// The result of `work`, run on a new thread.
    public static func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                do throws(E) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}
