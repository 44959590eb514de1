[31mÿþ› binary 
