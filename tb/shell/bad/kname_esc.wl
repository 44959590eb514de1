kernel k]0;x 1 1
warp 0 0
alu 3
exit
