//go:build amd64 && !purego

#include "textflag.h"
#include "vec_amd64.h"

// func validUTF8AVX2(b []byte) bool
//
// Whether b, whose length is a multiple of 32, holds no UTF-8 error that
// lies wholly inside it: the lookup algorithm of Keiser and Lemire
// ("Validating UTF-8 in less than one instruction per byte", 2021), in
// which three 16-entry tables, indexed by the nibbles of each byte and of
// the byte before it, name the errors each pair could be, and the bytes two
// and three after a three- or four-byte lead must be continuations. A
// sequence cut by b's end is not an error here: the caller checks the tail.
TEXT ·validUTF8AVX2(SB), NOSPLIT, $0-25
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), CX
	ADDQ SI, CX
	VPXOR   Y15, Y15, Y15
	VPXOR   Y14, Y14, Y14
	VMOVDQU ·utf8Lookup+0(SB), Y13
	VMOVDQU ·utf8Lookup+32(SB), Y12
	VMOVDQU ·utf8Lookup+64(SB), Y11
	BROADCAST($0x0f0f0f0f0f0f0f0f, X10, Y10)
	BROADCAST($0x6060606060606060, X9, Y9)
	BROADCAST($0x7070707070707070, X8, Y8)
	BROADCAST($0x8080808080808080, X7, Y7)

vloop:
	CMPQ SI, CX
	JEQ  vdone
	VMOVDQU    (SI), Y0
	VPMOVMSKB  Y0, AX
	TESTL      AX, AX
	JNZ        vfull
	// An ASCII block: an error only if the block before ended inside a
	// sequence (a lead in its last byte, a lead of three or four in the one
	// before, a lead of four in the one before that).
	VPSUBUSB   ·utf8Lookup+96(SB), Y15, Y1
	VPOR       Y1, Y14, Y14
	VMOVDQU    Y0, Y15
	ADDQ       $32, SI
	JMP        vloop

vfull:
	VPERM2I128 $0x21, Y0, Y15, Y1 // the previous block's high lane, then this one's low lane
	VPALIGNR   $15, Y1, Y0, Y2    // each byte's predecessor
	VPALIGNR   $14, Y1, Y0, Y3    // two before
	VPALIGNR   $13, Y1, Y0, Y4    // three before
	VPSRLW     $4, Y2, Y5
	VPAND      Y10, Y5, Y5
	VPSHUFB    Y5, Y13, Y5        // by the predecessor's high nibble
	VPAND      Y10, Y2, Y6
	VPSHUFB    Y6, Y12, Y6        // by its low nibble
	VPAND      Y5, Y6, Y5
	VPSRLW     $4, Y0, Y6
	VPAND      Y10, Y6, Y6
	VPSHUFB    Y6, Y11, Y6        // by the byte's own high nibble
	VPAND      Y5, Y6, Y5
	VPSUBUSB   Y9, Y3, Y3         // 0x80 and up where two before is a lead of 3+ bytes
	VPSUBUSB   Y8, Y4, Y4         // 0x80 and up where three before is a lead of 4
	VPOR       Y3, Y4, Y3
	VPAND      Y7, Y3, Y3
	VPXOR      Y3, Y5, Y5
	VPOR       Y5, Y14, Y14
	VMOVDQU    Y0, Y15
	ADDQ       $32, SI
	JMP        vloop

vdone:
	VPTEST Y14, Y14
	SETEQ  ret+24(FP)
	VZEROUPPER
	RET

