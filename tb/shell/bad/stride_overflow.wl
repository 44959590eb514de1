kernel k 1 1
warp 0 0
ld 0x3 4 stride 0 0x7fffffffffffffff
exit
