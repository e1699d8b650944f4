;; RGBA → I420, limited-range BT.709: the same arithmetic as rgbaToI420Bt709 in yuv.ts, byte for byte, with
;; WebAssembly's 128-bit SIMD (about 4× faster than the JavaScript at 1080p and 4k: yuv.spec.ts checks the bytes,
;; bench/yuv.ts the speed). Compiled by scripts/generate-yuv-wasm.ts into yuv-wasm.ts (`npm run generate:yuv`).
;;
;; rgbaToI420(rgba, out, width, height): `rgba` and `out` are byte offsets into the module's memory; width and height
;; even (render-request.ts). Luma 16 pixels a step (four i32x4 lanes of one pixel each: R, G, B are its bytes 0-2);
;; chroma four 2×2 blocks a step (two rows of eight pixels summed per channel, then neighbouring pixels paired).
;; The pixels and blocks left at the end of the image or of a row are done one at a time.
(module
  (memory (export "memory") 1)
  ;; Y = (11966 R + 40254 G + 4064 B + (16.5 << 16)) >> 16
  ;; U = (-6598 r - 22187 g + 28785 b + (128.5 << 16) * 4) >> 18, r g b the sums of a 2x2 block; V likewise.
  ;; (The constants of yuv.ts: 1081344 is 16.5 at 2^16, 33685504 is 4 × 128.5 at 2^16.)

  ;; Four pixels' luma, one an i32 lane.
  (func $luma4 (param $px v128) (result v128)
    (local $mask v128)
    (local.set $mask (v128.const i32x4 255 255 255 255))
    (i32x4.shr_u
      (i32x4.add
        (i32x4.add
          (i32x4.mul (v128.and (local.get $px) (local.get $mask)) (v128.const i32x4 11966 11966 11966 11966))
          (i32x4.mul (v128.and (i32x4.shr_u (local.get $px) (i32.const 8)) (local.get $mask)) (v128.const i32x4 40254 40254 40254 40254)))
        (i32x4.add
          (i32x4.mul (v128.and (i32x4.shr_u (local.get $px) (i32.const 16)) (local.get $mask)) (v128.const i32x4 4064 4064 4064 4064))
          (v128.const i32x4 1081344 1081344 1081344 1081344)))
      (i32.const 16)))

  (func (export "rgbaToI420") (param $rgba i32) (param $out i32) (param $width i32) (param $height i32)
    (local $n i32) (local $i i32) (local $p i32) (local $end16 i32)
    (local $y i32) (local $x i32) (local $row i32) (local $next i32) (local $halfWidth i32)
    (local $uStart i32) (local $vStart i32) (local $c i32) (local $a i32) (local $b i32)
    (local $r i32) (local $g i32) (local $bl i32)
    (local $mask v128) (local $s0 v128) (local $s1 v128) (local $sr v128) (local $sg v128) (local $sb v128)
    (local $t0 v128) (local $t1 v128) (local $u v128) (local $v v128) (local $blocks4 i32)
    (local.set $n (i32.mul (local.get $width) (local.get $height)))
    (local.set $mask (v128.const i32x4 255 255 255 255))
    ;; Luma, 16 pixels a step.
    (local.set $end16 (i32.and (local.get $n) (i32.const -16)))
    (local.set $i (i32.const 0))
    (local.set $p (local.get $rgba))
    (block $done
      (loop $next16
        (br_if $done (i32.ge_u (local.get $i) (local.get $end16)))
        (v128.store
          (i32.add (local.get $out) (local.get $i))
          (i8x16.narrow_i16x8_u
            (i16x8.narrow_i32x4_s
              (call $luma4 (v128.load (local.get $p)))
              (call $luma4 (v128.load offset=16 (local.get $p))))
            (i16x8.narrow_i32x4_s
              (call $luma4 (v128.load offset=32 (local.get $p)))
              (call $luma4 (v128.load offset=48 (local.get $p))))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $next16)))
    ;; The last few pixels, one at a time.
    (block $doneTail
      (loop $tail
        (br_if $doneTail (i32.ge_u (local.get $i) (local.get $n)))
        (i32.store8
          (i32.add (local.get $out) (local.get $i))
          (i32.shr_u
            (i32.add
              (i32.add
                (i32.mul (i32.load8_u (local.get $p)) (i32.const 11966))
                (i32.mul (i32.load8_u offset=1 (local.get $p)) (i32.const 40254)))
              (i32.add
                (i32.mul (i32.load8_u offset=2 (local.get $p)) (i32.const 4064))
                (i32.const 1081344)))
            (i32.const 16)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (br $tail)))
    ;; Chroma: each 2x2 block, four blocks a step.
    (local.set $halfWidth (i32.shr_u (local.get $width) (i32.const 1)))
    (local.set $uStart (i32.add (local.get $out) (local.get $n)))
    (local.set $vStart (i32.add (local.get $uStart) (i32.shr_u (local.get $n) (i32.const 2))))
    (local.set $blocks4 (i32.and (local.get $halfWidth) (i32.const -4)))
    (local.set $y (i32.const 0))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_u (local.get $y) (local.get $height)))
        (local.set $row (i32.add (local.get $rgba) (i32.mul (i32.mul (local.get $y) (local.get $width)) (i32.const 4))))
        (local.set $next (i32.add (local.get $row) (i32.mul (local.get $width) (i32.const 4))))
        (local.set $c (i32.mul (i32.shr_u (local.get $y) (i32.const 1)) (local.get $halfWidth)))
        (local.set $x (i32.const 0))
        (block $blocksDone
          (loop $blocks
            (br_if $blocksDone (i32.ge_u (local.get $x) (local.get $blocks4)))
            ;; Pixels 0-3 and 4-7 of the two rows, summed row with row per channel.
            (local.set $a (i32.add (local.get $row) (i32.shl (local.get $x) (i32.const 3))))
            (local.set $b (i32.add (local.get $next) (i32.shl (local.get $x) (i32.const 3))))
            (local.set $s0 (v128.load (local.get $a)))
            (local.set $t0 (v128.load (local.get $b)))
            (local.set $s1 (v128.load offset=16 (local.get $a)))
            (local.set $t1 (v128.load offset=16 (local.get $b)))
            ;; red: rows summed, then neighbours: lanes (0+1, 2+3) of the first four and of the second four.
            (local.set $sr (call $pairs
              (i32x4.add (v128.and (local.get $s0) (local.get $mask)) (v128.and (local.get $t0) (local.get $mask)))
              (i32x4.add (v128.and (local.get $s1) (local.get $mask)) (v128.and (local.get $t1) (local.get $mask)))))
            (local.set $sg (call $pairs
              (i32x4.add (v128.and (i32x4.shr_u (local.get $s0) (i32.const 8)) (local.get $mask)) (v128.and (i32x4.shr_u (local.get $t0) (i32.const 8)) (local.get $mask)))
              (i32x4.add (v128.and (i32x4.shr_u (local.get $s1) (i32.const 8)) (local.get $mask)) (v128.and (i32x4.shr_u (local.get $t1) (i32.const 8)) (local.get $mask)))))
            (local.set $sb (call $pairs
              (i32x4.add (v128.and (i32x4.shr_u (local.get $s0) (i32.const 16)) (local.get $mask)) (v128.and (i32x4.shr_u (local.get $t0) (i32.const 16)) (local.get $mask)))
              (i32x4.add (v128.and (i32x4.shr_u (local.get $s1) (i32.const 16)) (local.get $mask)) (v128.and (i32x4.shr_u (local.get $t1) (i32.const 16)) (local.get $mask)))))
            (local.set $u (i32x4.shr_s
              (i32x4.add
                (i32x4.add (i32x4.mul (local.get $sr) (v128.const i32x4 -6598 -6598 -6598 -6598)) (i32x4.mul (local.get $sg) (v128.const i32x4 -22187 -22187 -22187 -22187)))
                (i32x4.add (i32x4.mul (local.get $sb) (v128.const i32x4 28785 28785 28785 28785)) (v128.const i32x4 33685504 33685504 33685504 33685504)))
              (i32.const 18)))
            (local.set $v (i32x4.shr_s
              (i32x4.add
                (i32x4.add (i32x4.mul (local.get $sr) (v128.const i32x4 28785 28785 28785 28785)) (i32x4.mul (local.get $sg) (v128.const i32x4 -26148 -26148 -26148 -26148)))
                (i32x4.add (i32x4.mul (local.get $sb) (v128.const i32x4 -2637 -2637 -2637 -2637)) (v128.const i32x4 33685504 33685504 33685504 33685504)))
              (i32.const 18)))
            ;; Four bytes each: narrowed to 16 then 8 bits (values 16-240), the first four lanes stored.
            (v128.store32_lane 0
              (i32.add (local.get $uStart) (i32.add (local.get $c) (local.get $x)))
              (i8x16.narrow_i16x8_u (i16x8.narrow_i32x4_s (local.get $u) (local.get $u)) (local.get $mask)))
            (v128.store32_lane 0
              (i32.add (local.get $vStart) (i32.add (local.get $c) (local.get $x)))
              (i8x16.narrow_i16x8_u (i16x8.narrow_i32x4_s (local.get $v) (local.get $v)) (local.get $mask)))
            (local.set $x (i32.add (local.get $x) (i32.const 4)))
            (br $blocks)))
        ;; The blocks left over at the row's end, one at a time.
        (block $restDone
          (loop $rest
            (br_if $restDone (i32.ge_u (local.get $x) (local.get $halfWidth)))
            (local.set $a (i32.add (local.get $row) (i32.shl (local.get $x) (i32.const 3))))
            (local.set $b (i32.add (local.get $next) (i32.shl (local.get $x) (i32.const 3))))
            (local.set $r (i32.add (i32.add (i32.load8_u (local.get $a)) (i32.load8_u offset=4 (local.get $a)))
                                   (i32.add (i32.load8_u (local.get $b)) (i32.load8_u offset=4 (local.get $b)))))
            (local.set $g (i32.add (i32.add (i32.load8_u offset=1 (local.get $a)) (i32.load8_u offset=5 (local.get $a)))
                                   (i32.add (i32.load8_u offset=1 (local.get $b)) (i32.load8_u offset=5 (local.get $b)))))
            (local.set $bl (i32.add (i32.add (i32.load8_u offset=2 (local.get $a)) (i32.load8_u offset=6 (local.get $a)))
                                    (i32.add (i32.load8_u offset=2 (local.get $b)) (i32.load8_u offset=6 (local.get $b)))))
            (i32.store8 (i32.add (local.get $uStart) (i32.add (local.get $c) (local.get $x)))
              (i32.shr_s (i32.add (i32.add (i32.mul (local.get $r) (i32.const -6598)) (i32.mul (local.get $g) (i32.const -22187)))
                                  (i32.add (i32.mul (local.get $bl) (i32.const 28785)) (i32.const 33685504))) (i32.const 18)))
            (i32.store8 (i32.add (local.get $vStart) (i32.add (local.get $c) (local.get $x)))
              (i32.shr_s (i32.add (i32.add (i32.mul (local.get $r) (i32.const 28785)) (i32.mul (local.get $g) (i32.const -26148)))
                                  (i32.add (i32.mul (local.get $bl) (i32.const -2637)) (i32.const 33685504))) (i32.const 18)))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br $rest)))
        (local.set $y (i32.add (local.get $y) (i32.const 2)))
        (br $rows))))

  ;; [a0 a1 a2 a3], [b0 b1 b2 b3] -> [a0+a1, a2+a3, b0+b1, b2+b3]
  (func $pairs (param $a v128) (param $b v128) (result v128)
    (i32x4.add
      (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $a) (local.get $b))
      (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $a) (local.get $b))))
)
