//go:build amd64 && !purego

#include "textflag.h"

// func copyAVX512(dst, src *byte, n int)
//
// Copies n >= 64 bytes from src to dst, which do not overlap, storing to
// 64-byte-aligned addresses: the first and the last 64 bytes by unaligned
// moves, then everything between by aligned stores (the loads unaligned).
// An unaligned store that straddles two cache lines costs twice; loads do
// not mind as much.
TEXT ·copyAVX512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVDQU64 (SI), Z0
	VMOVDQU64 -64(SI)(CX*1), Z1
	VMOVDQU64 Z0, (DI)
	VMOVDQU64 Z1, -64(DI)(CX*1)
	// Step to the first aligned address past dst: 1 to 64 bytes, all of
	// them written above.
	MOVQ DI, AX
	ANDQ $63, AX
	MOVQ $64, BX
	SUBQ AX, BX
	ADDQ BX, DI
	ADDQ BX, SI
	SUBQ BX, CX
	// CX bytes left; those of them past the last whole 64 are written
	// already, by the tail move.
loop256:
	CMPQ CX, $256
	JB loop64
	VMOVDQU64 (SI), Z0
	VMOVDQU64 64(SI), Z1
	VMOVDQU64 128(SI), Z2
	VMOVDQU64 192(SI), Z3
	VMOVDQA64 Z0, (DI)
	VMOVDQA64 Z1, 64(DI)
	VMOVDQA64 Z2, 128(DI)
	VMOVDQA64 Z3, 192(DI)
	ADDQ $256, SI
	ADDQ $256, DI
	SUBQ $256, CX
	JMP loop256
loop64:
	CMPQ CX, $64
	JB done
	VMOVDQU64 (SI), Z0
	VMOVDQA64 Z0, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $64, CX
	JMP loop64
done:
	VZEROUPPER
	RET

// func copyRepMovsb(dst, src *byte, n int)
//
// Copies n bytes from src to dst, which do not overlap, by REP MOVSB.
TEXT ·copyRepMovsb(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	CLD
	REP; MOVSB
	RET
