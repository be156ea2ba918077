print("not yet written")
