// Unsafe: the table is calloc'ed memory, so slots never touched cost no memory.
// In HTTPCore, not SystemSupport: the engine's own connection table, inlined into the loop's hot path.
import Glibc

/// A fixed table of slots whose zero bit pattern is a valid empty slot (``Connection``): it is
/// `calloc`ed, so the kernel maps a page only when a slot on it is first written, and a table
/// sized for every possible descriptor costs memory only for the slots in use.
///
/// It owns the memory and frees it when it ends, without ending the slots: their owner empties
/// every slot first (a slot is plain data with no `deinit`). It cannot be copied.
struct SlotTable<Slot: ~Copyable>: ~Copyable {
    private let base: UnsafeMutablePointer<Slot>
    /// The number of slots.
    let count: Int

    /// A table of `count` zeroed slots.
    init(count: Int) {
        precondition(_isPOD(Slot.self), "a slot must be plain data, valid when zeroed")
        guard let memory = calloc(max(1, count), MemoryLayout<Slot>.stride) else { fatalError("out of memory") }
        self.base = memory.bindMemory(to: Slot.self, capacity: max(1, count))
        self.count = count
    }

    deinit {
        free(base)
    }

    /// The slot at `index`.
    subscript(index: Int) -> Slot {
        @inline(__always) _read {
            precondition(index >= 0 && index < count, "slot index out of range")
            yield base[index]
        }
        @inline(__always) _modify {
            precondition(index >= 0 && index < count, "slot index out of range")
            yield &base[index]
        }
    }
}
