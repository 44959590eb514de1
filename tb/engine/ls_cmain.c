/* ls_cmain.c -- main() of the C-only engine build (the RTL build's main is
 * in tb/engine/vglue.cpp). */
int ls_main(int argc, char **argv);
int main(int argc, char **argv) { return ls_main(argc, argv); }
