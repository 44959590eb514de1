kernel k 2 1
warp 0 0
alu 0
exit
