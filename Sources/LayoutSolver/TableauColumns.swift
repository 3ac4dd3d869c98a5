// The tableau's column index (Tableau.swift holds the symbols, the rows and the arena): for each
// parametric symbol, the rows whose cells hold it — what a substitution, a pivot and the ratio
// tests walk instead of every row. The original Cassowary implementation keeps such an index (its
// tableau's columns; Badros, Borning & Stuckey, TOCHI 2001); kiwi keeps none and scans every row.
// Singly linked lists in one pool (`colHead` and the entries), collected into `columnIndices` by
// `collectColumn(_:)`; the last two collected columns are reused while no row's cells changed
// (`cellsVersion`).

extension Tableau {

    /// Recomputes the column index (and the dummy-cell count) from the rows; drops the pool's
    /// garbage.
    func rebuildColumns() {
        for i in 0..<nextIndex {
            colHead[i] = -1
            colLive[i] = 0
        }
        entryCount = 0
        liveEntries = 0
        dummyCells = 0
        if entryRow.capacity < liveCells {
            entryRow.reserveUninitialized(liveCells, count: 0)
            entryNext.reserveUninitialized(liveCells, count: 0)
        }
        for index in 0..<nextIndex where rowCount[index] > 0 {
            let s = rowStart[index]
            for n in 0..<rowCount[index] {
                let id = cellIDs[s + n]
                let ci = indexOf(id)
                entryRow[entryCount] = Int32(truncatingIfNeeded: index)
                entryNext[entryCount] = Int32(truncatingIfNeeded: colHead[ci])
                colHead[ci] = entryCount
                entryCount += 1
                colLive[ci] += 1
                if kindOf(id) == SymbolKind.dummy { dummyCells += 1 }
            }
        }
        liveEntries = entryCount
    }

    /// Records that the symbol of `symbolIndex` now occurs in row `rowIndex`.
    @inline(__always)
    func columnAdd(_ symbolIndex: Int, _ rowIndex: Int) {
        if entryCount == entryRow.capacity {
            entryRow.reserveUninitialized(entryCount + 1, count: entryCount)
            entryNext.reserveUninitialized(entryCount + 1, count: entryCount)
        }
        entryRow[entryCount] = Int32(truncatingIfNeeded: rowIndex)
        entryNext[entryCount] = Int32(truncatingIfNeeded: colHead[symbolIndex])
        colHead[symbolIndex] = entryCount
        entryCount += 1
        colLive[symbolIndex] += 1
        liveEntries += 1
        if kinds[symbolIndex] == UInt8(SymbolKind.dummy) { dummyCells += 1 }
    }

    /// Records that the symbol of `symbolIndex` no longer occurs in one row (its entry goes stale
    /// and is dropped when the list is next collected).
    @inline(__always)
    func columnRemove(_ symbolIndex: Int) {
        colLive[symbolIndex] -= 1
        liveEntries -= 1
        if kinds[symbolIndex] == UInt8(SymbolKind.dummy) { dummyCells -= 1 }
    }

    /// Collects the indices of the rows in which `id` occurs (in no particular order) and its
    /// coefficients there into `columnIndices`/`columnCoeffs` (`columnCount` entries), dropping
    /// the stale and repeated entries of its list on the way (validated against the rows: one
    /// binary search per entry, which also reads the coefficient).
    func collectColumn(_ id: Int) {
        if id == collectedID && collectedVersion == cellsVersion { return }
        // The current column becomes the previous one (buffers exchanged, O(1)); if the previous
        // one is the column asked for, that is all.
        swap(&columnIndices, &previousIndices)
        swap(&columnCoeffs, &previousCoeffs)
        swap(&columnCount, &previousCount)
        swap(&collectedID, &previousID)
        swap(&collectedVersion, &previousVersion)
        if id == collectedID && collectedVersion == cellsVersion { return }
        collectedID = id
        collectedVersion = cellsVersion
        let ci = indexOf(id)
        let live = colLive[ci]
        if columnIndices.capacity < live {
            columnIndices.reserveUninitialized(live, count: 0)
            columnCoeffs.reserveUninitialized(live, count: 0)
        }
        seenStamp &+= 1
        let stamp = seenStamp
        var k = 0
        var e = colHead[ci]
        var previous = -1
        while e >= 0 {
            let next = Int(entryNext[e])
            let r = Int(entryRow[e])
            var keep = false
            if seen[r] != stamp && rowCount[r] > 0 {
                let c = coefficient(r, id)
                if c != 0 && k < live {
                    seen[r] = stamp
                    columnIndices[k] = r
                    columnCoeffs[k] = c
                    k += 1
                    keep = true
                }
            }
            if keep {
                previous = e
            } else if previous < 0 {
                colHead[ci] = next
            } else {
                entryNext[previous] = Int32(truncatingIfNeeded: next)
            }
            e = next
        }
        columnCount = k
    }

    /// ``removeRow(_:)``, keeping the column of `id` collected without that row when it is the
    /// column last collected and no row's cells changed since: removing a row changes no other
    /// row, so a fresh collection would list the same rows with the same coefficients, in the
    /// same order, less this one. A pivot's substitution then reuses the column its ratio test
    /// just collected instead of walking it again (issue 19: ~1,000 instructions a pivot).
    func removeRow(_ index: Int, keepingColumnOf id: Int) {
        let keep = collectedID == id && collectedVersion == cellsVersion
        removeRow(index)
        guard keep else { return }
        var w = 0
        for n in 0..<columnCount where columnIndices[n] != index {
            columnIndices[w] = columnIndices[n]
            columnCoeffs[w] = columnCoeffs[n]
            w += 1
        }
        columnCount = w
        collectedVersion = cellsVersion
    }

    /// Removes the column of `id` from every row (journaled).
    func purgeColumn(_ id: Int) {
        collectColumn(id)
        for n in 0..<columnCount { dropCell(columnIndices[n], id) }
    }

    /// Renames the cell of `id` to `newID` in every row that holds it (not journaled: the
    /// relaxation that uses it cannot be undone). The ids must share the symbol index.
    func relabelColumn(_ id: Int, as newID: Int) {
        collectColumn(id)
        cellsVersion &+= 1
        for n in 0..<columnCount {
            let index = columnIndices[n]
            let s = rowStart[index]
            for i in 0..<rowCount[index] where cellIDs[s + i] == id { cellIDs[s + i] = newID }
        }
    }

    /// Adds `g · step` to the constant of every row holding `id` with coefficient `g` (the
    /// substitution `id = id' + step` of a constant change, EditVariables.swift), journaled
    /// (``undoConstants``). A basic dummy's row must stay 0 up to the shift's rounding
    /// (``isRoundingOf(_:scale:)`` of |old| + |g · step|) and is set back to exactly 0; the first
    /// that does not is returned (the change contradicts the required equalities: the caller
    /// throws, the transaction rolls back). Restricted rows that become infeasible are appended
    /// to `infeasible`. One loop through the column cache's raw storage, the journal appended
    /// to a local copy of the journal stack (no uniqueness check per row): a resize shifts every row of a chain.
    func shiftColumn(_ id: Int, by step: Double, _ infeasible: inout [Int]) -> Int? {
        collectColumn(id)
        let count = columnCount
        if count == 0 { return nil }
        var journal = undoConstants   // (the same buffer, written back below)
        journal.reserveCapacity(journal.count + count)
        let indices = columnIndices, coeffs = columnCoeffs, constants = rowConst
        let stamps = rowStamp, stamp = txStamp, kinds = self.kinds
        var broken: Int? = nil
        for n in 0..<count {
            let index = indices[n]
            let old = constants[index]
            let shift = coeffs[n] * step
            if stamps[index] != stamp { journal.append((index, old)) }
            let now = old + shift
            let kind = Int(kinds[index])
            if kind == SymbolKind.dummy {
                // Only dummies in its row: it must stay 0.
                if !isRoundingOf(now, scale: old.magnitude + shift.magnitude) {
                    constants[index] = now
                    broken = index
                    break
                }
                constants[index] = 0
            } else {
                constants[index] = now
                if (kind == SymbolKind.slack || kind == SymbolKind.error) && now < -absoluteEpsilon {
                    let rid = makeID(index, kind)
                    if infeasible.last != rid { infeasible.append(rid) }
                }
            }
        }
        undoConstants = journal
        return broken
    }
}
