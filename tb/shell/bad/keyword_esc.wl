kernel k 1 1
warp 0 0
a[2Jlu 3
exit
