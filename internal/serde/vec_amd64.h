// Macros shared by the AVX2 kernels of stop_amd64.s, utf8_amd64.s and
// escape_amd64.s.

// BROADCAST fills vector register Y with the byte pattern of word V, through
// AX and Y's X half. Only VEX-encoded instructions touch the vector
// registers here: a legacy-SSE one (MOVQ to X1) while the upper halves are
// in use makes the processor save or merge them, a transition on each call.
#define BROADCAST(V, X, Y) MOVQ V, AX; VMOVQ AX, X; VPBROADCASTQ X, Y

// WHOLE64 loads b's start into SI and DI and the end of its whole 64-byte
// blocks into CX; QUOTES_BACKSLASHES fills Y1 with quotes and Y2 with
// backslashes.
#define WHOLE64 MOVQ b_base+0(FP), SI; MOVQ b_len+8(FP), CX; MOVQ SI, DI; ANDQ $~63, CX; ADDQ SI, CX
#define QUOTES_BACKSLASHES BROADCAST($0x2222222222222222, X1, Y1); BROADCAST($0x5c5c5c5c5c5c5c5c, X2, Y2)

// MASK64(V, OUT) sets OUT to one bit per byte of the 64 in Y0 and Y3 that
// equals V's; it uses Y4, Y5 and BX.
#define MASK64(V, OUT) VPCMPEQB Y0, V, Y4; VPCMPEQB Y3, V, Y5; VPMOVMSKB Y4, OUT; VPMOVMSKB Y5, BX; SHLQ $32, BX; ORQ BX, OUT

// SPECIALS sets Y1, Y2 and Y3 for SPECIAL_MARKS: quotes, backslashes, 0x1F.
#define SPECIALS BROADCAST($0x2222222222222222, X1, Y1); BROADCAST($0x5c5c5c5c5c5c5c5c, X2, Y2); BROADCAST($0x1f1f1f1f1f1f1f1f, X3, Y3)

// SPECIAL_MARKS sets each byte of Y4 where Y0 holds a quote, a backslash or
// a control (a byte equal to its minimum with 0x1F); it uses Y5 and Y6.
#define SPECIAL_MARKS VPCMPEQB Y0, Y1, Y4; VPCMPEQB Y0, Y2, Y5; VPMINUB Y0, Y3, Y6; VPCMPEQB Y0, Y6, Y6; VPOR Y4, Y5, Y4; VPOR Y4, Y6, Y4

// STOP_MARKS sets each byte of OUT where IN holds a quote, a backslash, a
// control or non-ASCII, with Y1, Y2 and Y3 holding quotes, backslashes and
// 0x20 (see stopIndexAVX2); T1 and T2 are scratch.
#define STOP_MARKS(IN, OUT, T1, T2) VPCMPEQB IN, Y1, OUT; VPCMPEQB IN, Y2, T1; VPCMPGTB IN, Y3, T2; VPOR OUT, T1, OUT; VPOR OUT, T2, OUT
