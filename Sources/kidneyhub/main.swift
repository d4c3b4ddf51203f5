print("kidneyhub")
