;; The multiset-lookup path of the task-composition bootstrap (multisetSums.ts) in WebAssembly:
;; `fillRows` builds an occupation's block of the sums table, and `groupSums` runs the draws: for each draw, the generator step and Lemire's rejection of every occupation (the stream
;; of taskBootstrap.ts, `drawSequences`), the row of the drawn multiset in the sums table, and per
;; group the columns added over the group's rows in ascending order from 0 (`sumColumns`' order, so
;; the sums are bit for bit those of the JavaScript kernels: IEEE-754 adds in the same order).
;;
;; Assembled by `npm run build:wasm` (wabt) into multisetKernelWasm.ts; test/uncertainty/
;; multisetKernel.test.ts re-assembles this file and fails when the committed bytes differ.
;;
;; Memory (imported, laid out by multisetKernel.ts; every address a byte offset, i32 words):
;;   state      4 words: the xoshiro128** state, read at the start and written back at the end
;;   range      O words: n_o^n_o, the range of occupation o's sequence integer u
;;   threshold  O words: 2^32 mod range, Lemire's rejection threshold
;;   rowAt      O words: address of occupation o's first row in the sums table (f64, K per row)
;;   tableAt    O words: address of the u -> row table of o's task count (byte offset of the row)
;;   slot       O words: byte offset of o's entry in a draw's rows (4 x its place in group order)
;;   rows       O words of scratch: the draw's row addresses, in group order
;;   from       groups + 1 words: group g's rows are entries from[g] .. from[g + 1] - 1
;;   out        K x groups x draws f64: column c of group g in draw b at ((c groups + g) draws + b) 8
(module
  (import "env" "memory" (memory 1))

  ;; out[j] of the block (addresses dst + j stride) = sum over the rows i .. e - 1 (addresses of
  ;; row addresses) of the f64 at row + cb + 8 j, for j < 5, accumulated in locals from 0.
  (func $sum5 (param $i i32) (param $e i32) (param $cb i32) (param $dst i32) (param $stride i32)
    (local $a0 f64) (local $a1 f64) (local $a2 f64) (local $a3 f64) (local $a4 f64) (local $r i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $r (i32.add (i32.load (local.get $i)) (local.get $cb)))
      (local.set $a0 (f64.add (local.get $a0) (f64.load offset=0 (local.get $r))))
      (local.set $a1 (f64.add (local.get $a1) (f64.load offset=8 (local.get $r))))
      (local.set $a2 (f64.add (local.get $a2) (f64.load offset=16 (local.get $r))))
      (local.set $a3 (f64.add (local.get $a3) (f64.load offset=24 (local.get $r))))
      (local.set $a4 (f64.add (local.get $a4) (f64.load offset=32 (local.get $r))))
      (local.set $i (i32.add (local.get $i) (i32.const 4)))
      (br $next)))
    (f64.store (local.get $dst) (local.get $a0))
    (f64.store (i32.add (local.get $dst) (local.get $stride)) (local.get $a1))
    (f64.store (i32.add (local.get $dst) (i32.mul (local.get $stride) (i32.const 2))) (local.get $a2))
    (f64.store (i32.add (local.get $dst) (i32.mul (local.get $stride) (i32.const 3))) (local.get $a3))
    (f64.store (i32.add (local.get $dst) (i32.mul (local.get $stride) (i32.const 4))) (local.get $a4)))

  ;; $sum5 for four columns.
  (func $sum4 (param $i i32) (param $e i32) (param $cb i32) (param $dst i32) (param $stride i32)
    (local $a0 f64) (local $a1 f64) (local $a2 f64) (local $a3 f64) (local $r i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $r (i32.add (i32.load (local.get $i)) (local.get $cb)))
      (local.set $a0 (f64.add (local.get $a0) (f64.load offset=0 (local.get $r))))
      (local.set $a1 (f64.add (local.get $a1) (f64.load offset=8 (local.get $r))))
      (local.set $a2 (f64.add (local.get $a2) (f64.load offset=16 (local.get $r))))
      (local.set $a3 (f64.add (local.get $a3) (f64.load offset=24 (local.get $r))))
      (local.set $i (i32.add (local.get $i) (i32.const 4)))
      (br $next)))
    (f64.store (local.get $dst) (local.get $a0))
    (f64.store (i32.add (local.get $dst) (local.get $stride)) (local.get $a1))
    (f64.store (i32.add (local.get $dst) (i32.mul (local.get $stride) (i32.const 2))) (local.get $a2))
    (f64.store (i32.add (local.get $dst) (i32.mul (local.get $stride) (i32.const 3))) (local.get $a3)))

  ;; $sum5 for two columns.
  (func $sum2 (param $i i32) (param $e i32) (param $cb i32) (param $dst i32) (param $stride i32)
    (local $a0 f64) (local $a1 f64) (local $r i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $r (i32.add (i32.load (local.get $i)) (local.get $cb)))
      (local.set $a0 (f64.add (local.get $a0) (f64.load offset=0 (local.get $r))))
      (local.set $a1 (f64.add (local.get $a1) (f64.load offset=8 (local.get $r))))
      (local.set $i (i32.add (local.get $i) (i32.const 4)))
      (br $next)))
    (f64.store (local.get $dst) (local.get $a0))
    (f64.store (i32.add (local.get $dst) (local.get $stride)) (local.get $a1)))

  ;; $sum5 for one column.
  (func $sum1 (param $i i32) (param $e i32) (param $cb i32) (param $dst i32)
    (local $a0 f64)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $a0 (f64.add (local.get $a0) (f64.load (i32.add (i32.load (local.get $i)) (local.get $cb)))))
      (local.set $i (i32.add (local.get $i) (i32.const 4)))
      (br $next)))
    (f64.store (local.get $dst) (local.get $a0)))

  ;; The slot path's column sums, two columns to a 128-bit lane pair: out lanes (addresses dst + 16 j,
  ;; j < N) = sum over the drawn positions i .. e - 1 (u16 each: a task's place in its occupation) of
  ;; the f64 pair at row + rowBytes x position + 16 j, accumulated from 0 in slot order. f64x2.add adds
  ;; each lane on its own (IEEE-754, round to nearest), so each column's sum is the scalar sum in the
  ;; same order, bit for bit; twice the columns per add and one pass over the slots for up to 12
  ;; columns ($ppairs6; $ppairs5 .. $ppairs1 for fewer).
  (func $ppairs6 (param $i i32) (param $e i32) (param $row i32) (param $rowBytes i32) (param $dst i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $a4 v128) (local $a5 v128) (local $r i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $r (i32.add (local.get $row) (i32.mul (i32.load16_u (local.get $i)) (local.get $rowBytes))))
      (local.set $a0 (f64x2.add (local.get $a0) (v128.load offset=0 (local.get $r))))
      (local.set $a1 (f64x2.add (local.get $a1) (v128.load offset=16 (local.get $r))))
      (local.set $a2 (f64x2.add (local.get $a2) (v128.load offset=32 (local.get $r))))
      (local.set $a3 (f64x2.add (local.get $a3) (v128.load offset=48 (local.get $r))))
      (local.set $a4 (f64x2.add (local.get $a4) (v128.load offset=64 (local.get $r))))
      (local.set $a5 (f64x2.add (local.get $a5) (v128.load offset=80 (local.get $r))))
      (local.set $i (i32.add (local.get $i) (i32.const 2)))
      (br $next)))
    (v128.store offset=0 (local.get $dst) (local.get $a0))
    (v128.store offset=16 (local.get $dst) (local.get $a1))
    (v128.store offset=32 (local.get $dst) (local.get $a2))
    (v128.store offset=48 (local.get $dst) (local.get $a3))
    (v128.store offset=64 (local.get $dst) (local.get $a4))
    (v128.store offset=80 (local.get $dst) (local.get $a5)))
  (func $ppairs5 (param $i i32) (param $e i32) (param $row i32) (param $rowBytes i32) (param $dst i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $a4 v128) (local $r i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $r (i32.add (local.get $row) (i32.mul (i32.load16_u (local.get $i)) (local.get $rowBytes))))
      (local.set $a0 (f64x2.add (local.get $a0) (v128.load offset=0 (local.get $r))))
      (local.set $a1 (f64x2.add (local.get $a1) (v128.load offset=16 (local.get $r))))
      (local.set $a2 (f64x2.add (local.get $a2) (v128.load offset=32 (local.get $r))))
      (local.set $a3 (f64x2.add (local.get $a3) (v128.load offset=48 (local.get $r))))
      (local.set $a4 (f64x2.add (local.get $a4) (v128.load offset=64 (local.get $r))))
      (local.set $i (i32.add (local.get $i) (i32.const 2)))
      (br $next)))
    (v128.store offset=0 (local.get $dst) (local.get $a0))
    (v128.store offset=16 (local.get $dst) (local.get $a1))
    (v128.store offset=32 (local.get $dst) (local.get $a2))
    (v128.store offset=48 (local.get $dst) (local.get $a3))
    (v128.store offset=64 (local.get $dst) (local.get $a4)))
  (func $ppairs4 (param $i i32) (param $e i32) (param $row i32) (param $rowBytes i32) (param $dst i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $r i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $r (i32.add (local.get $row) (i32.mul (i32.load16_u (local.get $i)) (local.get $rowBytes))))
      (local.set $a0 (f64x2.add (local.get $a0) (v128.load offset=0 (local.get $r))))
      (local.set $a1 (f64x2.add (local.get $a1) (v128.load offset=16 (local.get $r))))
      (local.set $a2 (f64x2.add (local.get $a2) (v128.load offset=32 (local.get $r))))
      (local.set $a3 (f64x2.add (local.get $a3) (v128.load offset=48 (local.get $r))))
      (local.set $i (i32.add (local.get $i) (i32.const 2)))
      (br $next)))
    (v128.store offset=0 (local.get $dst) (local.get $a0))
    (v128.store offset=16 (local.get $dst) (local.get $a1))
    (v128.store offset=32 (local.get $dst) (local.get $a2))
    (v128.store offset=48 (local.get $dst) (local.get $a3)))
  (func $ppairs3 (param $i i32) (param $e i32) (param $row i32) (param $rowBytes i32) (param $dst i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $r i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $r (i32.add (local.get $row) (i32.mul (i32.load16_u (local.get $i)) (local.get $rowBytes))))
      (local.set $a0 (f64x2.add (local.get $a0) (v128.load offset=0 (local.get $r))))
      (local.set $a1 (f64x2.add (local.get $a1) (v128.load offset=16 (local.get $r))))
      (local.set $a2 (f64x2.add (local.get $a2) (v128.load offset=32 (local.get $r))))
      (local.set $i (i32.add (local.get $i) (i32.const 2)))
      (br $next)))
    (v128.store offset=0 (local.get $dst) (local.get $a0))
    (v128.store offset=16 (local.get $dst) (local.get $a1))
    (v128.store offset=32 (local.get $dst) (local.get $a2)))
  (func $ppairs2 (param $i i32) (param $e i32) (param $row i32) (param $rowBytes i32) (param $dst i32)
    (local $a0 v128) (local $a1 v128) (local $r i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $r (i32.add (local.get $row) (i32.mul (i32.load16_u (local.get $i)) (local.get $rowBytes))))
      (local.set $a0 (f64x2.add (local.get $a0) (v128.load offset=0 (local.get $r))))
      (local.set $a1 (f64x2.add (local.get $a1) (v128.load offset=16 (local.get $r))))
      (local.set $i (i32.add (local.get $i) (i32.const 2)))
      (br $next)))
    (v128.store offset=0 (local.get $dst) (local.get $a0))
    (v128.store offset=16 (local.get $dst) (local.get $a1)))
  (func $ppairs1 (param $i i32) (param $e i32) (param $row i32) (param $rowBytes i32) (param $dst i32)
    (local $a0 v128) (local $r i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $e)))
      (local.set $r (i32.add (local.get $row) (i32.mul (i32.load16_u (local.get $i)) (local.get $rowBytes))))
      (local.set $a0 (f64x2.add (local.get $a0) (v128.load offset=0 (local.get $r))))
      (local.set $i (i32.add (local.get $i) (i32.const 2)))
      (br $next)))
    (v128.store offset=0 (local.get $dst) (local.get $a0)))

  ;; One occupation's block of the sums table (occupationRowSums in multisetSums.ts, the same operations
  ;; in the same order): for each of its M multisets d (counts flat[d n + t], one byte each), row d of
  ;; `out` (K f64, holding zeros) gets, column by column, count x value added task by task, then is
  ;; multiplied by the occupation's factor. `values` holds the occupation's K values of task t at
  ;; values + 8 (t K + k).
  (func (export "fillRows") (param $flat i32) (param $n i32) (param $M i32) (param $values i32) (param $K i32) (param $factor f64) (param $out i32)
    (local $d i32) (local $t i32) (local $k8 i32) (local $K8 i32) (local $m f64) (local $v i32) (local $at i32)
    (local.set $K8 (i32.shl (local.get $K) (i32.const 3)))
    (block $rowsDone (loop $row
      (br_if $rowsDone (i32.ge_u (local.get $d) (local.get $M)))
      (local.set $t (i32.const 0))
      (block $tasksDone (loop $task
        (br_if $tasksDone (i32.ge_u (local.get $t) (local.get $n)))
        (local.set $m (f64.convert_i32_u (i32.load8_u (i32.add (local.get $flat) (i32.add (i32.mul (local.get $d) (local.get $n)) (local.get $t))))))
        (if (f64.ne (local.get $m) (f64.const 0))
          (then
            (local.set $v (i32.add (local.get $values) (i32.mul (local.get $t) (local.get $K8))))
            (local.set $k8 (i32.const 0))
            (block $colsDone (loop $col
              (br_if $colsDone (i32.ge_u (local.get $k8) (local.get $K8)))
              (local.set $at (i32.add (local.get $out) (local.get $k8)))
              (f64.store (local.get $at)
                (f64.add (f64.load (local.get $at)) (f64.mul (local.get $m) (f64.load (i32.add (local.get $v) (local.get $k8))))))
              (local.set $k8 (i32.add (local.get $k8) (i32.const 8)))
              (br $col)))))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $task)))
      (local.set $k8 (i32.const 0))
      (block $scaled (loop $scale
        (br_if $scaled (i32.ge_u (local.get $k8) (local.get $K8)))
        (local.set $at (i32.add (local.get $out) (local.get $k8)))
        (f64.store (local.get $at) (f64.mul (f64.load (local.get $at)) (local.get $factor)))
        (local.set $k8 (i32.add (local.get $k8) (i32.const 8)))
        (br $scale)))
      (local.set $out (i32.add (local.get $out) (local.get $K8)))
      (local.set $d (i32.add (local.get $d) (i32.const 1)))
      (br $row))))

  (func (export "groupSums")
    (param $state i32) (param $range i32) (param $threshold i32) (param $O i32) (param $draws i32)
    (param $rowAt i32) (param $tableAt i32) (param $slot i32) (param $rows i32)
    (param $from i32) (param $groups i32) (param $K i32) (param $out i32)
    (local $s0 i32) (local $s1 i32) (local $s2 i32) (local $s3 i32) (local $m i32) (local $x i32) (local $t i32)
    (local $range_o i64) (local $threshold_o i32) (local $product i64) (local $o4 i32)
    (local $b i32) (local $g i32) (local $i i32) (local $e i32) (local $c i32) (local $left i32)
    (local $stride i32) (local $dst i32)
    (local.set $s0 (i32.load offset=0 (local.get $state)))
    (local.set $s1 (i32.load offset=4 (local.get $state)))
    (local.set $s2 (i32.load offset=8 (local.get $state)))
    (local.set $s3 (i32.load offset=12 (local.get $state)))
    ;; bytes from one column's block of outputs to the next: groups x draws f64
    (local.set $stride (i32.shl (i32.mul (local.get $groups) (local.get $draws)) (i32.const 3)))
    (block $drawn (loop $draw
      (br_if $drawn (i32.ge_u (local.get $b) (local.get $draws)))
      ;; Occupations in order: u = lemireInt(raw, range_o), its multiset's row into rows[slot_o].
      (local.set $o4 (i32.const 0))
      (block $occupied (loop $occupation
        (br_if $occupied (i32.ge_u (local.get $o4) (i32.shl (local.get $O) (i32.const 2))))
        (local.set $range_o (i64.extend_i32_u (i32.load (i32.add (local.get $range) (local.get $o4)))))
        (local.set $threshold_o (i32.load (i32.add (local.get $threshold) (local.get $o4))))
        (loop $reject
          ;; xoshiro128**: output rotl(s1 * 5, 7) * 9, then the state step
          (local.set $m (i32.mul (local.get $s1) (i32.const 5)))
          (local.set $x (i32.mul (i32.rotl (local.get $m) (i32.const 7)) (i32.const 9)))
          (local.set $t (i32.shl (local.get $s1) (i32.const 9)))
          (local.set $s2 (i32.xor (local.get $s2) (local.get $s0)))
          (local.set $s3 (i32.xor (local.get $s3) (local.get $s1)))
          (local.set $s1 (i32.xor (local.get $s1) (local.get $s2)))
          (local.set $s0 (i32.xor (local.get $s0) (local.get $s3)))
          (local.set $s2 (i32.xor (local.get $s2) (local.get $t)))
          (local.set $s3 (i32.rotl (local.get $s3) (i32.const 11)))
          ;; Lemire: u = (x range) >> 32, rejected when (x range) mod 2^32 < threshold
          (local.set $product (i64.mul (i64.extend_i32_u (local.get $x)) (local.get $range_o)))
          (br_if $reject (i32.lt_u (i32.wrap_i64 (local.get $product)) (local.get $threshold_o))))
        (i32.store
          (i32.add (local.get $rows) (i32.load (i32.add (local.get $slot) (local.get $o4))))
          (i32.add
            (i32.load (i32.add (local.get $rowAt) (local.get $o4)))
            (i32.load (i32.add
              (i32.load (i32.add (local.get $tableAt) (local.get $o4)))
              (i32.shl (i32.wrap_i64 (i64.shr_u (local.get $product) (i64.const 32))) (i32.const 2))))))
        (local.set $o4 (i32.add (local.get $o4) (i32.const 4)))
        (br $occupation)))
      ;; Groups: columns in blocks of 5 (4 + 4 for 8 left), 4, 2, 1, as sumColumns.
      (local.set $g (i32.const 0))
      (block $grouped (loop $group
        (br_if $grouped (i32.ge_u (local.get $g) (local.get $groups)))
        (local.set $i (i32.add (local.get $rows) (i32.shl (i32.load (i32.add (local.get $from) (i32.shl (local.get $g) (i32.const 2)))) (i32.const 2))))
        (local.set $e (i32.add (local.get $rows) (i32.shl (i32.load offset=4 (i32.add (local.get $from) (i32.shl (local.get $g) (i32.const 2)))) (i32.const 2))))
        (local.set $dst (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (local.get $g) (local.get $draws)) (local.get $b)) (i32.const 3))))
        (local.set $c (i32.const 0))
        (block $summed (loop $columns
          (local.set $left (i32.sub (local.get $K) (local.get $c)))
          (br_if $summed (i32.le_s (local.get $left) (i32.const 0)))
          (if (i32.and (i32.ge_s (local.get $left) (i32.const 5)) (i32.ne (local.get $left) (i32.const 8)))
            (then
              (call $sum5 (local.get $i) (local.get $e) (i32.shl (local.get $c) (i32.const 3)) (local.get $dst) (local.get $stride))
              (local.set $c (i32.add (local.get $c) (i32.const 5)))
              (local.set $dst (i32.add (local.get $dst) (i32.mul (local.get $stride) (i32.const 5)))))
            (else (if (i32.ge_s (local.get $left) (i32.const 4))
              (then
                (call $sum4 (local.get $i) (local.get $e) (i32.shl (local.get $c) (i32.const 3)) (local.get $dst) (local.get $stride))
                (local.set $c (i32.add (local.get $c) (i32.const 4)))
                (local.set $dst (i32.add (local.get $dst) (i32.mul (local.get $stride) (i32.const 4)))))
              (else (if (i32.ge_s (local.get $left) (i32.const 2))
                (then
                  (call $sum2 (local.get $i) (local.get $e) (i32.shl (local.get $c) (i32.const 3)) (local.get $dst) (local.get $stride))
                  (local.set $c (i32.add (local.get $c) (i32.const 2)))
                  (local.set $dst (i32.add (local.get $dst) (i32.mul (local.get $stride) (i32.const 2)))))
                (else
                  (call $sum1 (local.get $i) (local.get $e) (i32.shl (local.get $c) (i32.const 3)) (local.get $dst))
                  (local.set $c (i32.add (local.get $c) (i32.const 1)))
                  (local.set $dst (i32.add (local.get $dst) (local.get $stride)))))))))
          (br $columns)))
        (local.set $g (i32.add (local.get $g) (i32.const 1)))
        (br $group)))
      (local.set $b (i32.add (local.get $b) (i32.const 1)))
      (br $draw)))
    (i32.store offset=0 (local.get $state) (local.get $s0))
    (i32.store offset=4 (local.get $state) (local.get $s1))
    (i32.store offset=8 (local.get $state) (local.get $s2))
    (i32.store offset=12 (local.get $state) (local.get $s3)))

  ;; The slot-by-slot path (groupMeanDraws' JavaScript loop, taken when an occupation has more than 5
  ;; tasks), the same stream and the same additions in the same order, in two passes over a block of
  ;; draws: `slotDraw` steps the generator draw by draw, occupation by occupation, chunk by chunk
  ;; (fillDraw: one u per chunk, its base-n_o digits least significant first) and writes each slot's
  ;; position within its occupation (u16); `slotReplay` then takes occupation by occupation and, for
  ;; each draw of the block, each column summed over o's slots in slot order from 0 ($ppairs6 ..
  ;; $ppairs1 into `sums`) and out[c][g][b] += factor_o x sum_c for o's group g. Each output still
  ;; receives its occupations' terms in ascending occupation order from 0 (the draws are independent of
  ;; one another), so the sums are those of the JavaScript loop bit for bit; an occupation's rows stay
  ;; in cache for all the draws of the block instead of being fetched again every draw.
  ;;
  ;; Memory (laid out by multisetKernel.ts):
  ;;   state   4 words, as groupSums'
  ;;   occ     16 words per occupation: n_o, c_o (slots per chunk), the full chunk's range and
  ;;           threshold, the last chunk's range and threshold, the address of o's first row in the
  ;;           values table (task-major: the K f64 of o's task at position k at row + 16 P k, P =
  ;;           ceil(K / 2) column pairs, an odd K's last lane zero), g, the number of full chunks,
  ;;           the last chunk's slots (0 when none), floor(2^42 / n_o) + 1 (an i64), 4 words unused
  ;;   factor  O f64
  ;;   sums    2 P f64 of scratch (16-byte aligned)
  ;;   out     K x groups x draws f64, as groupSums'
  ;;   positions  the draws' positions, u16, draw by draw (n u16 a draw: occupation by occupation in
  ;;           slot order); kept by the caller to replay them in a later call (the generator untouched)
  (func (export "slotDraw")
    (param $state i32) (param $occ i32) (param $O i32) (param $draws i32) (param $positions i32)
    (local $s0 i32) (local $s1 i32) (local $s2 i32) (local $s3 i32) (local $m i32) (local $x i32) (local $t i32)
    (local $b i32) (local $rec i32) (local $end i32) (local $n i32) (local $count i32) (local $len i32) (local $tail i32)
    (local $range i64) (local $threshold i32) (local $product i64) (local $u i32) (local $q i32) (local $j i32) (local $magic i64)
    (local.set $s0 (i32.load offset=0 (local.get $state)))
    (local.set $s1 (i32.load offset=4 (local.get $state)))
    (local.set $s2 (i32.load offset=8 (local.get $state)))
    (local.set $s3 (i32.load offset=12 (local.get $state)))
    (local.set $end (i32.add (local.get $occ) (i32.shl (local.get $O) (i32.const 6))))
    (block $drawn (loop $draw
      (br_if $drawn (i32.ge_u (local.get $b) (local.get $draws)))
      (local.set $rec (local.get $occ))
      (block $occupied (loop $occupation
        (br_if $occupied (i32.ge_u (local.get $rec) (local.get $end)))
        ;; the full chunks first (c_o slots each), then the last, shorter one if any
        (local.set $n (i32.load offset=0 (local.get $rec)))
        (local.set $len (i32.load offset=4 (local.get $rec)))
        (local.set $range (i64.extend_i32_u (i32.load offset=8 (local.get $rec))))
        (local.set $threshold (i32.load offset=12 (local.get $rec)))
        (local.set $count (i32.load offset=32 (local.get $rec)))
        (local.set $tail (i32.load offset=36 (local.get $rec)))
        (local.set $magic (i64.load offset=40 (local.get $rec)))
        ;; chunks of two slots (occupations of 182 to 1,448 tasks), without the digit loop: the two
        ;; digits q0 = u - n_o floor(u / n_o) and q1 = floor(u / n_o) written as one word (q0 first, little-endian)
        (if (i32.eq (local.get $len) (i32.const 2))
          (then
            (block $paired (loop $pair
              (br_if $paired (i32.eqz (local.get $count)))
              (loop $reject2
                (local.set $m (i32.mul (local.get $s1) (i32.const 5)))
                (local.set $x (i32.mul (i32.rotl (local.get $m) (i32.const 7)) (i32.const 9)))
                (local.set $t (i32.shl (local.get $s1) (i32.const 9)))
                (local.set $s2 (i32.xor (local.get $s2) (local.get $s0)))
                (local.set $s3 (i32.xor (local.get $s3) (local.get $s1)))
                (local.set $s1 (i32.xor (local.get $s1) (local.get $s2)))
                (local.set $s0 (i32.xor (local.get $s0) (local.get $s3)))
                (local.set $s2 (i32.xor (local.get $s2) (local.get $t)))
                (local.set $s3 (i32.rotl (local.get $s3) (i32.const 11)))
                (local.set $product (i64.mul (i64.extend_i32_u (local.get $x)) (local.get $range)))
                (br_if $reject2 (i32.lt_u (i32.wrap_i64 (local.get $product)) (local.get $threshold))))
              (local.set $u (i32.wrap_i64 (i64.shr_u (local.get $product) (i64.const 32))))
              (local.set $q (i32.wrap_i64 (i64.shr_u (i64.mul (i64.extend_i32_u (local.get $u)) (local.get $magic)) (i64.const 42))))
              (i32.store align=2 (local.get $positions)
                (i32.or (i32.sub (local.get $u) (i32.mul (local.get $q) (local.get $n))) (i32.shl (local.get $q) (i32.const 16))))
              (local.set $positions (i32.add (local.get $positions) (i32.const 4)))
              (local.set $count (i32.sub (local.get $count) (i32.const 1)))
              (br $pair)))))
        (block $chunked (loop $chunk
          (if (i32.eqz (local.get $count))
            (then
              (br_if $chunked (i32.eqz (local.get $tail)))
              (local.set $count (i32.const 1))
              (local.set $len (local.get $tail))
              (local.set $tail (i32.const 0))
              (local.set $range (i64.extend_i32_u (i32.load offset=16 (local.get $rec))))
              (local.set $threshold (i32.load offset=20 (local.get $rec)))))
          (loop $reject
            ;; xoshiro128**: output rotl(s1 * 5, 7) * 9, then the state step
            (local.set $m (i32.mul (local.get $s1) (i32.const 5)))
            (local.set $x (i32.mul (i32.rotl (local.get $m) (i32.const 7)) (i32.const 9)))
            (local.set $t (i32.shl (local.get $s1) (i32.const 9)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $s0)))
            (local.set $s3 (i32.xor (local.get $s3) (local.get $s1)))
            (local.set $s1 (i32.xor (local.get $s1) (local.get $s2)))
            (local.set $s0 (i32.xor (local.get $s0) (local.get $s3)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $t)))
            (local.set $s3 (i32.rotl (local.get $s3) (i32.const 11)))
            ;; Lemire: u = (x range) >> 32, rejected when (x range) mod 2^32 < threshold
            (local.set $product (i64.mul (i64.extend_i32_u (local.get $x)) (local.get $range)))
            (br_if $reject (i32.lt_u (i32.wrap_i64 (local.get $product)) (local.get $threshold))))
          (local.set $u (i32.wrap_i64 (i64.shr_u (local.get $product) (i64.const 32))))
          ;; digits of u, least significant first; the last one is what is left of u (< n_o). A chunk of
          ;; two or more slots has u < 2^21 and n_o <= 1,448, so floor(u / n_o) = (u magic) >> 42 with
          ;; magic = floor(2^42 / n_o) + 1 exactly (its error, u (magic / 2^42 - 1 / n_o) < 2^-21, is below 1 / n_o).
          (local.set $j (i32.const 1))
          (block $digits (loop $digit
            (br_if $digits (i32.ge_u (local.get $j) (local.get $len)))
            (local.set $q (i32.wrap_i64 (i64.shr_u (i64.mul (i64.extend_i32_u (local.get $u)) (local.get $magic)) (i64.const 42))))
            (i32.store16 (local.get $positions) (i32.sub (local.get $u) (i32.mul (local.get $q) (local.get $n))))
            (local.set $positions (i32.add (local.get $positions) (i32.const 2)))
            (local.set $u (local.get $q))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $digit)))
          (i32.store16 (local.get $positions) (local.get $u))
          (local.set $positions (i32.add (local.get $positions) (i32.const 2)))
          (local.set $count (i32.sub (local.get $count) (i32.const 1)))
          (br $chunk)))
        (local.set $rec (i32.add (local.get $rec) (i32.const 64)))
        (br $occupation)))
      (local.set $b (i32.add (local.get $b) (i32.const 1)))
      (br $draw)))
    (i32.store offset=0 (local.get $state) (local.get $s0))
    (i32.store offset=4 (local.get $state) (local.get $s1))
    (i32.store offset=8 (local.get $state) (local.get $s2))
    (i32.store offset=12 (local.get $state) (local.get $s3)))

  ;; `n` the tasks of a draw (the positions of draw b start at positions + 2 n b).
  (func (export "slotReplay")
    (param $occ i32) (param $O i32) (param $factor i32) (param $sums i32)
    (param $draws i32) (param $groups i32) (param $K i32) (param $P i32) (param $out i32) (param $positions i32) (param $n i32)
    (local $b i32) (local $o i32) (local $rec i32) (local $no i32) (local $row i32) (local $rowBytes i32)
    (local $at i32) (local $drawBytes i32) (local $j i32) (local $e i32) (local $k i32) (local $w i32)
    (local $stride i32) (local $dst i32) (local $f f64) (local $g i32)
    ;; a row: P column pairs (2 P f64, the last lane of an odd K a zero)
    (local.set $rowBytes (i32.shl (local.get $P) (i32.const 4)))
    (local.set $drawBytes (i32.shl (local.get $n) (i32.const 1)))
    (local.set $stride (i32.shl (i32.mul (local.get $groups) (local.get $draws)) (i32.const 3)))
    ;; every output of the block set to 0: column c of group g in draw b at out + 8 ((c groups + g) draws + b)
    (local.set $j (local.get $out))
    (local.set $e (i32.add (local.get $out) (i32.mul (i32.mul (local.get $K) (local.get $groups)) (i32.shl (local.get $draws) (i32.const 3)))))
    (block $zeroed (loop $zero
      (br_if $zeroed (i32.ge_u (local.get $j) (local.get $e)))
      (f64.store (local.get $j) (f64.const 0))
      (local.set $j (i32.add (local.get $j) (i32.const 8)))
      (br $zero)))
    ;; $at: where o's positions start in draw 0
    (local.set $at (local.get $positions))
    (block $occupied (loop $occupation
      (br_if $occupied (i32.ge_u (local.get $o) (local.get $O)))
      (local.set $rec (i32.add (local.get $occ) (i32.shl (local.get $o) (i32.const 6))))
      (local.set $no (i32.load offset=0 (local.get $rec)))
      (local.set $row (i32.load offset=24 (local.get $rec)))
      (local.set $g (i32.load offset=28 (local.get $rec)))
      (local.set $f (f64.load (i32.add (local.get $factor) (i32.shl (local.get $o) (i32.const 3)))))
      (local.set $b (i32.const 0))
      (block $drawn (loop $draw
        (br_if $drawn (i32.ge_u (local.get $b) (local.get $draws)))
        (local.set $j (i32.add (local.get $at) (i32.mul (local.get $b) (local.get $drawBytes))))
        (local.set $e (i32.add (local.get $j) (i32.shl (local.get $no) (i32.const 1))))
        ;; each column's sum over the slots, min(6, pairs left) column pairs a pass (any blocking: each column's own additions are in slot order)
        (local.set $k (i32.const 0))
        (block $summed (loop $columns
          (local.set $w (i32.sub (local.get $P) (local.get $k)))
          (br_if $summed (i32.le_s (local.get $w) (i32.const 0)))
          (if (i32.gt_s (local.get $w) (i32.const 6)) (then (local.set $w (i32.const 6))))
          (block $passed (block $b1 (block $b2 (block $b3 (block $b4 (block $b5 (block $b6
            (br_table $b1 $b1 $b2 $b3 $b4 $b5 $b6 (local.get $w)))
            (call $ppairs6 (local.get $j) (local.get $e) (i32.add (local.get $row) (i32.shl (local.get $k) (i32.const 4))) (local.get $rowBytes) (i32.add (local.get $sums) (i32.shl (local.get $k) (i32.const 4)))) (br $passed))
            (call $ppairs5 (local.get $j) (local.get $e) (i32.add (local.get $row) (i32.shl (local.get $k) (i32.const 4))) (local.get $rowBytes) (i32.add (local.get $sums) (i32.shl (local.get $k) (i32.const 4)))) (br $passed))
            (call $ppairs4 (local.get $j) (local.get $e) (i32.add (local.get $row) (i32.shl (local.get $k) (i32.const 4))) (local.get $rowBytes) (i32.add (local.get $sums) (i32.shl (local.get $k) (i32.const 4)))) (br $passed))
            (call $ppairs3 (local.get $j) (local.get $e) (i32.add (local.get $row) (i32.shl (local.get $k) (i32.const 4))) (local.get $rowBytes) (i32.add (local.get $sums) (i32.shl (local.get $k) (i32.const 4)))) (br $passed))
            (call $ppairs2 (local.get $j) (local.get $e) (i32.add (local.get $row) (i32.shl (local.get $k) (i32.const 4))) (local.get $rowBytes) (i32.add (local.get $sums) (i32.shl (local.get $k) (i32.const 4)))) (br $passed))
            (call $ppairs1 (local.get $j) (local.get $e) (i32.add (local.get $row) (i32.shl (local.get $k) (i32.const 4))) (local.get $rowBytes) (i32.add (local.get $sums) (i32.shl (local.get $k) (i32.const 4)))))
          (local.set $k (i32.add (local.get $k) (local.get $w)))
          (br $columns)))
        ;; out[c][g][b] += factor_o x sum_c
        (local.set $dst (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (local.get $g) (local.get $draws)) (local.get $b)) (i32.const 3))))
        (local.set $k (i32.const 0))
        (block $added (loop $add
          (br_if $added (i32.ge_u (local.get $k) (local.get $K)))
          (f64.store (local.get $dst)
            (f64.add (f64.load (local.get $dst)) (f64.mul (local.get $f) (f64.load (i32.add (local.get $sums) (i32.shl (local.get $k) (i32.const 3)))))))
          (local.set $dst (i32.add (local.get $dst) (local.get $stride)))
          (local.set $k (i32.add (local.get $k) (i32.const 1)))
          (br $add)))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $draw)))
      (local.set $at (i32.add (local.get $at) (i32.shl (local.get $no) (i32.const 1))))
      (local.set $o (i32.add (local.get $o) (i32.const 1)))
      (br $occupation)))
  )
)
