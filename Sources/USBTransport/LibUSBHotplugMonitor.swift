import CLibUSB
import Foundation
import Synchronization

/// Arrivals and departures of USB devices as libusb reports them (`libusb_hotplug_register_callback`
/// with `LIBUSB_HOTPLUG_ENUMERATE`, so devices already plugged in arrive first), pumped by a
/// thread of its own because the callbacks run inside `libusb_handle_events*` (architecture.md §1.6).
public final class LibUSBHotplugMonitor: Sendable {
    /// One change on the buses.
    public enum Change: Sendable, Hashable {
        case arrived(USBDeviceSummary)
        case left(USBDeviceSummary)
    }

    /// The changes, in the order libusb reported them.
    public let changes: AsyncStream<Change>
    private let box: CallbackBox

    /// Registers for every device's arrivals and departures; throws when this libusb has no
    /// hotplug support (check `LibUSBContext.hasHotplug`) or registration fails.
    public init() throws(ReportChannelError) {
        guard LibUSBContext.hasHotplug else { throw .io("this libusb has no hotplug support") }
        let context = try LibUSBContext()
        let (stream, continuation) = AsyncStream.makeStream(of: Change.self)
        changes = stream
        let box = CallbackBox(context: context, continuation: continuation)
        self.box = box
        var handle: libusb_hotplug_callback_handle = 0
        let events = Int32(LIBUSB_HOTPLUG_EVENT_DEVICE_ARRIVED.rawValue | LIBUSB_HOTPLUG_EVENT_DEVICE_LEFT.rawValue)
        let matchAny: Int32 = -1  // LIBUSB_HOTPLUG_MATCH_ANY (libusb.h)
        let status = libusb_hotplug_register_callback(
            context.raw,
            events,
            Int32(LIBUSB_HOTPLUG_ENUMERATE.rawValue),
            matchAny,
            matchAny,
            matchAny,
            { _, device, event, userData in
                guard let device, let userData else { return 0 }
                let box = Unmanaged<CallbackBox>.fromOpaque(userData).takeUnretainedValue()
                guard let summary = LibUSBContext.summary(of: device) else { return 0 }
                box.continuation.yield(
                    event == LIBUSB_HOTPLUG_EVENT_DEVICE_ARRIVED ? .arrived(summary) : .left(summary)
                )
                return 0  // stay registered
            },
            Unmanaged.passUnretained(box).toOpaque(),
            &handle
        )
        guard status == 0 else {
            continuation.finish()
            throw .io("libusb_hotplug_register_callback: \(LibUSBContext.errorName(status))")
        }
        box.handle = handle
        Thread.detachNewThread { [box] in
            while box.running.load(ordering: .acquiring) {
                var tick = timeval(tv_sec: 0, tv_usec: 250_000)  // how soon `stop()` is noticed
                _ = libusb_handle_events_timeout_completed(box.context.raw, &tick, nil)
            }
            libusb_hotplug_deregister_callback(box.context.raw, box.handle)
            box.continuation.finish()
        }
    }

    /// Stops the pump thread, which ends `changes` within a quarter second; returns at once (it
    /// may be called from async code, which must not block).
    public func stop() {
        box.running.store(false, ordering: .releasing)
    }
}

/// What the C callback reaches through its `user_data`.
// Safe: `context` and `continuation` are immutable and thread-safe (libusb contexts may be used
// from any thread; AsyncStream continuations are Sendable); `handle` is written once before the
// pump thread starts and read only by that thread afterwards; `running` is atomic.
private final class CallbackBox: @unchecked Sendable {
    let context: LibUSBContext
    let continuation: AsyncStream<LibUSBHotplugMonitor.Change>.Continuation
    var handle: libusb_hotplug_callback_handle = 0
    let running = Atomic<Bool>(true)

    init(context: LibUSBContext, continuation: AsyncStream<LibUSBHotplugMonitor.Change>.Continuation) {
        self.context = context
        self.continuation = continuation
    }
}
