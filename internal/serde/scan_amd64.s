//go:build amd64 && !purego

#include "textflag.h"

// func stopIndexAVX2(b []byte) int
//
// The offset of the first byte of b's whole 32-byte blocks that is a quote,
// a backslash, a control or not ASCII; the length of those blocks if none.
// One signed comparison marks both controls and bytes from 0x80: as signed
// bytes, exactly those are below 0x20. Only VEX-encoded instructions touch
// the vector registers: one legacy-SSE move (MOVQ to X1) in their place was
// measured to cost about 250 ns a call in transitions.
TEXT ·stopIndexAVX2(SB), NOSPLIT, $0-32
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), CX
	MOVQ SI, DI
	ANDQ $~63, CX
	ADDQ SI, CX
	MOVQ $0x2222222222222222, AX
	VMOVQ AX, X1
	VPBROADCASTQ X1, Y1
	MOVQ $0x5c5c5c5c5c5c5c5c, AX
	VMOVQ AX, X2
	VPBROADCASTQ X2, Y2
	MOVQ $0x2020202020202020, AX
	VMOVQ AX, X3
	VPBROADCASTQ X3, Y3

loop64:
	CMPQ SI, CX
	JEQ  tail32
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y7
	VPCMPEQB Y0, Y1, Y4
	VPCMPEQB Y0, Y2, Y5
	VPCMPGTB Y0, Y3, Y6
	VPOR     Y4, Y5, Y4
	VPOR     Y4, Y6, Y4
	VPCMPEQB Y7, Y1, Y8
	VPCMPEQB Y7, Y2, Y9
	VPCMPGTB Y7, Y3, Y10
	VPOR     Y8, Y9, Y8
	VPOR     Y8, Y10, Y8
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
	BSFQ      AX, AX
	SUBQ      DI, SI
	ADDQ      SI, AX
	MOVQ      AX, ret+24(FP)
	VZEROUPPER
	RET

tail32:
	// One more block of 32 if b holds it.
	MOVQ b_len+8(FP), CX
	ADDQ DI, CX
	SUBQ SI, CX
	CMPQ CX, $32
	JLT  done
	VMOVDQU   (SI), Y0
	VPCMPEQB  Y0, Y1, Y4
	VPCMPEQB  Y0, Y2, Y5
	VPCMPGTB  Y0, Y3, Y6
	VPOR      Y4, Y5, Y4
	VPOR      Y4, Y6, Y4
	VPMOVMSKB Y4, AX
	TESTL     AX, AX
	JNZ       found32
	ADDQ      $32, SI

done:
	SUBQ DI, SI
	MOVQ SI, ret+24(FP)
	VZEROUPPER
	RET

found32:
	BSFL AX, AX
	SUBQ DI, SI
	ADDQ SI, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
