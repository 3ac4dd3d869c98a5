#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// Work spread over POSIX threads, for the size sweep (issue 15: "uses every core"). The library
// has no Foundation and no concurrency runtime requirement, so this is plain pthreads: N threads
// take the next input from an atomic counter until none is left; the results go to their own
// slots, read after pthread_join (which orders the threads' writes before the reads).

/// The number of processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
public func onlineProcessorCount() -> Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// What a thread started by `parallelMap` runs (not generic: a C function pointer, the thread's
/// start routine, cannot capture generic parameters).
private class ThreadWork: @unchecked Sendable {
    func work() {}
}

/// The state the worker threads share for one `parallelMap` call.
private final class ParallelJob<Input, Output>: ThreadWork, @unchecked Sendable {
    let inputs: [Input]
    let body: (Input) throws -> Output
    let results: UnsafeMutableBufferPointer<Result<Output, Error>?>
    let next = Atomic<Int>(0)
    /// Set when an input threw: the others still running finish, no new input is taken.
    let stopped = Atomic<Bool>(false)

    init(_ inputs: [Input], _ body: @escaping (Input) throws -> Output) {
        self.inputs = inputs
        self.body = body
        results = .allocate(capacity: inputs.count)
        results.initialize(repeating: nil)
        super.init()
    }

    deinit {
        _ = results.deinitialize()
        results.deallocate()
    }

    override func work() {
        while !stopped.load(ordering: .relaxed) {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            if i >= inputs.count { return }
            do { results[i] = .success(try body(inputs[i])) } catch {
                results[i] = .failure(error)
                stopped.store(true, ordering: .relaxed)
            }
        }
    }
}

/// `inputs.map(body)` spread over up to `threads` threads (the calling thread is one of them), in
/// input order. `body` runs concurrently with itself: it must only touch state of its own (the
/// sweep gives each call its own map view and delegate). When a thread cannot be started, the
/// work is shared by those that could (at worst the calling thread does it all).
/// - Throws: the error of the first input (in input order) whose `body` threw; the inputs not yet
///   started when it threw are skipped.
func parallelMap<Input, Output>(_ inputs: [Input], threads: Int, _ body: @escaping (Input) throws -> Output) throws -> [Output] {
    if inputs.isEmpty { return [] }
    let job = ParallelJob(inputs, body)
    let extra = min(max(threads, 1), inputs.count) - 1
    var started: [pthread_t] = []
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    // 8 MiB, the usual main-thread stack: glibc's default follows `ulimit -s` and is 2 MiB when
    // that is unlimited, too little for a deep layout in a debug build.
    pthread_attr_setstacksize(&attributes, 8 << 20)
    for _ in 0..<extra {
        let context = Unmanaged<ThreadWork>.passRetained(job).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            let job = Unmanaged<ThreadWork>.fromOpaque(raw).takeRetainedValue()
            job.work()
            return nil
        }, context)
        if status != 0 {
            Unmanaged<ThreadWork>.fromOpaque(context).release()
            break
        }
        #if canImport(Darwin)
        if let thread { started.append(thread) }
        #else
        started.append(thread)
        #endif
    }
    job.work()
    for t in started { pthread_join(t, nil) }
    var out: [Output] = []
    out.reserveCapacity(inputs.count)
    for i in 0..<inputs.count {
        switch job.results[i] {
        case .success(let v)?: out.append(v)
        case .failure(let e)?: throw e
        case nil: break  // skipped after an earlier failure; that failure is thrown below
        }
    }
    if out.count < inputs.count {
        for i in 0..<inputs.count { if case .failure(let e)? = job.results[i] { throw e } }
    }
    return out
}
