kernel k 1 1
warp 0 0
alu x
exit
