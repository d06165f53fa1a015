//go:build amd64 && !purego

#include "textflag.h"
#include "vec_amd64.h"

// The index searches' returns, with the start of b in DI and the block
// reached in SI: FOUND(BSF) returns the block's offset plus the index of
// AX's lowest set bit, NONE the offset reached.
#define FOUND(BSF) BSF AX, AX; SUBQ DI, SI; ADDQ SI, AX; MOVQ AX, ret+24(FP); VZEROUPPER; RET
#define NONE SUBQ DI, SI; MOVQ SI, ret+24(FP); VZEROUPPER; RET

// func stopIndexAVX2(b []byte) int
//
// The offset of the first byte of b's whole 32-byte blocks that is a quote,
// a backslash, a control or not ASCII; the length of those blocks if none.
// One signed comparison marks both controls and bytes from 0x80: as signed
// bytes, exactly those are below 0x20.
TEXT ·stopIndexAVX2(SB), NOSPLIT, $0-32
	WHOLE64
	QUOTES_BACKSLASHES
	BROADCAST($0x2020202020202020, X3, Y3)

loop64:
	CMPQ SI, CX
	JEQ  tail32
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y7
	STOP_MARKS(Y0, Y4, Y5, Y6)
	STOP_MARKS(Y7, Y8, Y9, Y10)
	VPOR     Y4, Y8, Y11
	VPTEST   Y11, Y11
	JNZ      found64
	ADDQ     $64, SI
	JMP      loop64

found64:
	VPMOVMSKB Y4, AX
	VPMOVMSKB Y8, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	FOUND(BSFQ)

tail32:
	// One more block of 32 if b holds it.
	MOVQ b_len+8(FP), CX
	ADDQ DI, CX
	SUBQ SI, CX
	CMPQ CX, $32
	JLT  done
	VMOVDQU   (SI), Y0
	STOP_MARKS(Y0, Y4, Y5, Y6)
	VPMOVMSKB Y4, AX
	TESTL     AX, AX
	JNZ       found32
	ADDQ      $32, SI

done:
	NONE

found32:
	FOUND(BSFL)

// func specialIndexAVX2(b []byte) int
//
// stopIndexAVX2 for a scan that passes over non-ASCII: the offset of the
// first quote, backslash or control in b's whole 32-byte blocks, or their
// length. A control is a byte equal to its minimum with 0x1F.
TEXT ·specialIndexAVX2(SB), NOSPLIT, $0-32
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), CX
	MOVQ SI, DI
	ANDQ $~31, CX
	ADDQ SI, CX
	SPECIALS

sloop:
	CMPQ SI, CX
	JEQ  snone
	VMOVDQU   (SI), Y0
	SPECIAL_MARKS
	VPMOVMSKB Y4, AX
	TESTL     AX, AX
	JNZ       sfound
	ADDQ      $32, SI
	JMP       sloop

sfound:
	FOUND(BSFL)

snone:
	NONE


// STOPS64 sets AX to one bit per byte of the 64 at SI: those STOP_MARKS
// marks. It uses Y0 and Y4-Y10 and BX.
#define STOPS64 VMOVDQU (SI), Y0; VMOVDQU 32(SI), Y7; STOP_MARKS(Y0, Y4, Y5, Y6); STOP_MARKS(Y7, Y8, Y9, Y10); VPMOVMSKB Y4, AX; VPMOVMSKB Y8, BX; SHLQ $32, BX; ORQ BX, AX

// func stopBitsAVX2(b []byte) uint64
//
// stopBits for 1 to 64 bytes: bit k set where b[k] is a quote, a backslash,
// a control or not ASCII. It reads 64 bytes, from b's start where they end
// in the page b starts in, else the 64 that end at b's end (b's own, and
// bytes before b in that page, b being at most 64 bytes long), and keeps
// b's bits.
TEXT ·stopBitsAVX2(SB), NOSPLIT, $0-32
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), DX
	QUOTES_BACKSLASHES
	BROADCAST($0x2020202020202020, X3, Y3)
	MOVQ SI, AX
	ANDQ $4095, AX
	CMPQ AX, $4032
	JA   sbend
	STOPS64
	// Keep the low len bits: shift the others out the top and back.
	MOVQ $64, CX
	SUBQ DX, CX
	SHLQ CX, AX
	SHRQ CX, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

sbend:
	LEAQ -64(SI)(DX*1), SI
	STOPS64
	// b's bytes are the top len of the 64: shift them down.
	MOVQ $64, CX
	SUBQ DX, CX
	SHRQ CX, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
