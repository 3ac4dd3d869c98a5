// The tableau's transaction journal and arena upkeep (Transaction.swift runs the transactions): a
// row is journaled before its first change in a transaction (its old span, or only its old
// constant for a shift), a rollback restores the journaled spans and constants and rebuilds the
// derived column index, and a commit forgets the journal and compacts the arena or the column
// pool when their garbage outweighs the live data (docs/solver.md "Storage"). Moved out of
// Tableau.swift unchanged.

extension Tableau {
    /// Journals row `index` before it is changed (once per transaction).
    @inline(__always)
    func touch(_ index: Int) {
        cellsVersion &+= 1
        if rowStamp[index] != txStamp {
            rowStamp[index] = txStamp
            undoRows.append((index, RowHeader(start: rowStart[index], count: rowCount[index], constant: rowConst[index])))
        }
    }

    /// Journals the constant of row `index` before it is changed (rows already journaled in
    /// full in this transaction need nothing).
    @inline(__always)
    func touchConstant(_ index: Int) {
        if rowStamp[index] != txStamp { undoConstants.append((index, rowConst[index])) }
    }

    /// Starts a transaction's journal.
    @inline(__always)
    func beginTransaction() {
        txStamp &+= 1
        txArenaStart = arenaCount
    }

    /// Forgets the journal (committed); compacts the arena and the column pool if their garbage
    /// outweighs the live data — the pool only once it is three quarters full: until then its
    /// stale entries cost only the column walks that drop them (an enaml build's one collection,
    /// at ~2,500 entries of a 4,096-entry pool, cost ~24,000 instructions; issue 19).
    func commit() {
        undoRows.removeAll()
        undoConstants.removeAll()
        if arenaCount > 2 * liveCells + 1024 { compactArena() }
        if entryCount > 2 * liveEntries + 1024 && entryCount > entryRow.capacity - entryRow.capacity / 4 {
            rebuildColumns()
        }
    }

    /// Restores every row the transaction changed and recomputes the column index.
    func rollback() {
        cellsVersion &+= 1
        var i = undoRows.count - 1
        while i >= 0 {
            let (index, h) = undoRows[i]
            rowStart[index] = h.start
            rowCount[index] = h.count
            rowConst[index] = h.constant
            i -= 1
        }
        var k = undoConstants.count - 1
        while k >= 0 {
            rowConst[undoConstants[k].0] = undoConstants[k].1
            k -= 1
        }
        undoRows.removeAll()
        undoConstants.removeAll()
        liveCells = 0
        for index in 0..<nextIndex where rowCount[index] > 0 { liveCells += rowCount[index] }
        rebuildColumns()
    }

    /// Copies every live row into a fresh arena, in index order (between transactions only: the
    /// journal refers to old spans). The spare buffers grow to the arena's capacity first (a
    /// fresh allocation, nothing copied): exchanged with a smaller spare, the arena would shrink
    /// and have to grow again — copying its cells each time — within the next transactions.
    func compactArena() {
        let keep = Swift.max(liveCells, cellIDs.capacity)
        spareIDs.reserveUninitialized(keep, count: 0)
        spareCoeffs.reserveUninitialized(keep, count: 0)
        var o = 0
        for index in 0..<nextIndex where rowCount[index] >= 0 {
            let s = rowStart[index], n = rowCount[index]
            (spareIDs.base + o).update(from: cellIDs.base + s, count: n)
            (spareCoeffs.base + o).update(from: cellCoeffs.base + s, count: n)
            rowStart[index] = o
            o += n
        }
        swap(&cellIDs, &spareIDs)
        swap(&cellCoeffs, &spareCoeffs)
        arenaCount = o
    }

    /// Makes room for `extra` more cells in the arena (pointers into it taken before are invalid
    /// afterwards).
    @inline(__always)
    func reserveArena(_ extra: Int) {
        let needed = arenaCount + extra
        if needed > cellIDs.capacity {
            cellIDs.reserveUninitialized(needed, count: arenaCount)
            cellCoeffs.reserveUninitialized(needed, count: arenaCount)
        }
    }
}
