kernel k 1 1
warp 0 0
alu 3
fma 2
exit
