// osu018_cells.v -- the project's behavioural models of the OSU 0.18 um
// standard cells (qflow-tech-osu018, osu018_stdcells.lib), written from the
// Liberty `function`, `ff` and `latch` groups of each cell.  The library's
// own osu018_stdcells.v uses UDPs, which Verilator does not read; these
// models are what the gate-level lockstep (GATE=1, docs/synthesis.md)
// simulates the mapped netlist with.  Zero delay: the lockstep is
// cycle-based, timing is OpenSTA's job.
// DFFSR: asynchronous clear R and preset S, both active low; with both low
// Q is 0 (the Liberty clear_preset_var1 : L).
/* verilator lint_off DECLFILENAME */
/* verilator lint_off MULTITOP */
/* verilator lint_off UNUSEDSIGNAL */
`timescale 1ns/1ps
module AND2X1 (input A, input B, output Y); assign Y = A & B; endmodule
module AND2X2 (input A, input B, output Y); assign Y = A & B; endmodule
module AOI21X1 (input A, input B, input C, output Y); assign Y = ~((A & B) | C); endmodule
module AOI22X1 (input A, input B, input C, input D, output Y); assign Y = ~((A & B) | (C & D)); endmodule
module BUFX2 (input A, output Y); assign Y = A; endmodule
module BUFX4 (input A, output Y); assign Y = A; endmodule
module CLKBUF1 (input A, output Y); assign Y = A; endmodule
module CLKBUF2 (input A, output Y); assign Y = A; endmodule
module CLKBUF3 (input A, output Y); assign Y = A; endmodule
module FAX1 (input A, input B, input C, output YC, output YS);
  assign YC = (A & B) | (B & C) | (C & A);
  assign YS = A ^ B ^ C;
endmodule
module HAX1 (input A, input B, output YC, output YS); assign YC = A & B; assign YS = A ^ B; endmodule
module INVX1 (input A, output Y); assign Y = ~A; endmodule
module INVX2 (input A, output Y); assign Y = ~A; endmodule
module INVX4 (input A, output Y); assign Y = ~A; endmodule
module INVX8 (input A, output Y); assign Y = ~A; endmodule
module MUX2X1 (input A, input B, input S, output Y); assign Y = ~(S ? A : B); endmodule
module NAND2X1 (input A, input B, output Y); assign Y = ~(A & B); endmodule
module NAND3X1 (input A, input B, input C, output Y); assign Y = ~(A & B & C); endmodule
module NOR2X1 (input A, input B, output Y); assign Y = ~(A | B); endmodule
module NOR3X1 (input A, input B, input C, output Y); assign Y = ~(A | B | C); endmodule
module OAI21X1 (input A, input B, input C, output Y); assign Y = ~((A | B) & C); endmodule
module OAI22X1 (input A, input B, input C, input D, output Y); assign Y = ~((A | B) & (C | D)); endmodule
module OR2X1 (input A, input B, output Y); assign Y = A | B; endmodule
module OR2X2 (input A, input B, output Y); assign Y = A | B; endmodule
module XNOR2X1 (input A, input B, output Y); assign Y = ~(A ^ B); endmodule
module XOR2X1 (input A, input B, output Y); assign Y = A ^ B; endmodule
// Tri-state inverters: driven when EN is high (three_state : "(!EN)").
module TBUFX1 (input A, input EN, output Y); assign Y = EN ? ~A : 1'bz; endmodule
module TBUFX2 (input A, input EN, output Y); assign Y = EN ? ~A : 1'bz; endmodule
module DFFPOSX1 (input CLK, input D, output reg Q);
  always @(posedge CLK) Q <= D;
endmodule
module DFFNEGX1 (input CLK, input D, output reg Q);
  always @(negedge CLK) Q <= D;
endmodule
module DFFSR (input CLK, input D, input R, input S, output reg Q);
  always @(posedge CLK or negedge R or negedge S)
    if (!R) Q <= 1'b0;
    else if (!S) Q <= 1'b1;
    else Q <= D;
endmodule
module LATCH (input CLK, input D, output reg Q);
  always @(*) if (CLK) Q = D;
endmodule
