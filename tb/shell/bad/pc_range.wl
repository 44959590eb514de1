kernel k 1 1
warp 0 0
ld 0x3 4 stride 0x100 4 pc 0x100000000
exit
