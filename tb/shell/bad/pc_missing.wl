kernel k 1 1
warp 0 0
ld 0x1 4 list 0x100 pc
exit
